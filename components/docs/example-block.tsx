import type { Example } from "@/lib/openapi/reference";
import { ScrollBox } from "./scroll-box";

/** A JSON example, folded unless asked open; the <pre> scrolls inside its own box. */
export function ExampleBlock({ example, label, open }: { example: Example; label: string; open: boolean }) {
  return (
    <details open={open} className="group mt-2">
      <summary className="cursor-pointer text-sm font-medium text-stone-700 hover:text-stone-900">
        {example.label === "Example" ? "Example" : `Example: ${example.label}`}
      </summary>
      <ScrollBox label={label} className="mt-2 max-h-96 overflow-y-auto border-stone-800 bg-stone-900">
        <pre className="p-3 font-mono text-xs leading-relaxed text-stone-100">
          <code>{example.json}</code>
        </pre>
      </ScrollBox>
    </details>
  );
}
