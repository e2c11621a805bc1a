import type { HttpMethod } from "@/lib/openapi/reference";
import { cn } from "@/components/ui/cn";

const TONES: Record<HttpMethod, string> = {
  get: "bg-sky-100 text-sky-900",
  post: "bg-emerald-100 text-emerald-900",
  put: "bg-amber-100 text-amber-900",
  patch: "bg-violet-100 text-violet-900",
  delete: "bg-rose-100 text-rose-900",
};

export function MethodBadge({ method, className }: { method: HttpMethod; className?: string }) {
  return (
    <span className={cn("inline-block min-w-[3.75rem] rounded px-1.5 py-0.5 text-center font-mono text-xs font-bold tracking-wide uppercase", TONES[method], className)}>
      {method}
    </span>
  );
}
