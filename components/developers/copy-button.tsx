"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";

/** Copies `value` to the clipboard and says so; a browser that refuses is told to select it instead. */
export function CopyButton({ value, label, className }: { value: string; label: string; className?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      setState("failed");
    }
  }

  return (
    <div className={className}>
      <Button variant="secondary" size="sm" onClick={copy} aria-label={label}>
        {state === "copied" ? "Copied" : "Copy"}
      </Button>
      <span role="status" className="sr-only">
        {state === "copied" ? "Copied to the clipboard." : ""}
      </span>
      {state === "failed" ? (
        <p role="alert" className="mt-1 text-xs text-red-700">
          This browser did not allow copying: select the text and copy it.
        </p>
      ) : null}
    </div>
  );
}
