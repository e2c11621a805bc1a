"use client";

import { useId, useRef, useState, useTransition, type ReactNode } from "react";
import { Button } from "./button";
import { Alert } from "./feedback";

type Props = {
  /** The button that opens the dialog. */
  triggerLabel: string;
  triggerVariant?: "secondary" | "danger" | "ghost";
  triggerSize?: "sm" | "md";
  triggerAriaLabel?: string;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The safe choice's words; "Cancel" reads wrong when the action itself is a cancellation. */
  dismissLabel?: string;
  pendingLabel?: string;
  /** Runs on confirm; a message it returns is shown in the dialog (the dialog stays open). */
  onConfirm: () => Promise<{ ok: true } | { ok: false; message: string }>;
};

/**
 * A confirmation step in a native modal <dialog>: focus moves into it (to the dismiss button, the safe
 * choice), Escape closes it, and focus returns to the button that opened it.
 */
export function ConfirmDialog({ triggerLabel, triggerVariant = "secondary", triggerSize = "md", triggerAriaLabel, title, children, confirmLabel, dismissLabel = "Cancel", pendingLabel, onConfirm }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const confirm = () =>
    startTransition(async () => {
      setError(null);
      const result = await onConfirm();
      if (!result.ok) setError(result.message);
      else dialog.current?.close();
    });

  return (
    <>
      <Button variant={triggerVariant} size={triggerSize} aria-label={triggerAriaLabel} aria-haspopup="dialog" onClick={() => dialog.current?.showModal()}>
        {triggerLabel}
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        onClose={() => setError(null)}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-stone-200 bg-white p-0 text-stone-900 shadow-xl backdrop:bg-stone-900/40"
      >
        <div className="space-y-4 p-6">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <div className="text-sm text-stone-600">{children}</div>
          {error ? <Alert>{error}</Alert> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" autoFocus disabled={pending} onClick={() => dialog.current?.close()}>
              {dismissLabel}
            </Button>
            <Button variant="danger" disabled={pending} onClick={confirm}>
              {pending ? (pendingLabel ?? "Working…") : confirmLabel}
            </Button>
          </div>
        </div>
      </dialog>
    </>
  );
}
