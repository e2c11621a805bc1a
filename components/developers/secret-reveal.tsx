import type { ReactNode } from "react";
import { CopyButton } from "./copy-button";

/** A token or signing secret shown once, right after it was made: copy it now or make another. */
export function SecretReveal({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <div className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4" role="group" aria-label={label}>
      <p className="text-sm font-medium text-amber-950">{label}</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <output className="block min-w-0 flex-1 rounded-md border border-amber-200 bg-white px-3 py-2 font-mono text-xs break-all text-stone-900">{value}</output>
        <CopyButton value={value} label={`Copy the ${label.toLowerCase()}`} className="shrink-0" />
      </div>
      <p className="text-sm text-amber-950">
        <strong>Copy it now:</strong> it is shown only this once. If it is lost, make a new one.
      </p>
      {children}
    </div>
  );
}
