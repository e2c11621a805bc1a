import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/**
 * A wide table or code sample scrolls inside this box, never the page. Focusable and named, so
 * a keyboard user can scroll it and a screen reader says what it holds.
 */
export function ScrollBox({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={cn("relative overflow-x-auto rounded-lg border border-stone-200", className)}>
      {children}
    </div>
  );
}
