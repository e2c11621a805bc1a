"use client";

import { useState, useTransition } from "react";
import { cn } from "@/components/ui/cn";

type ToggleResult = { ok: true } | { ok: false; message: string };

/** An on/off switch that saves at once through `onToggle`, showing the refusal under it when saving fails. */
export function OnOffSwitch({ label, active, onToggle }: { label: string; active: boolean; onToggle: (next: boolean) => Promise<ToggleResult> }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const toggle = () =>
    startTransition(async () => {
      setError(null);
      const result = await onToggle(!active);
      if (!result.ok) setError(result.message);
    });

  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <button
        type="button"
        role="switch"
        aria-checked={active}
        aria-label={label}
        disabled={pending}
        onClick={toggle}
        className="inline-flex items-center gap-2 rounded-full text-sm font-medium text-stone-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-600 disabled:opacity-60"
      >
        <span className={cn("relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors", active ? "bg-emerald-600" : "bg-stone-300")}>
          <span className={cn("inline-block h-5 w-5 rounded-full bg-white shadow transition-transform", active ? "translate-x-5.5" : "translate-x-0.5")} />
        </span>
        <span aria-hidden="true" className="w-7 text-left">
          {active ? "On" : "Off"}
        </span>
      </button>
      {error ? (
        <p role="alert" className="max-w-56 text-xs text-red-700 sm:text-right">
          {error}
        </p>
      ) : null}
    </div>
  );
}
