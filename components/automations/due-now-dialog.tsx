"use client";

import { useEffect, useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import { dueNowInWords } from "@/lib/automations/wording";

export type DueNowQuestion = { count: number; totalCents: number; creditAvailableCents: number };

/**
 * Asked before saving an active automation that has cards due: they would go out, and be paid
 * for, the moment it is saved. A native modal <dialog>: focus moves to "Back", the choice that
 * spends nothing, and Escape is "Back" too.
 */
export function DueNowDialog({
  question,
  pending,
  onSendNow,
  onSkip,
  onBack,
}: {
  question: DueNowQuestion | null;
  pending: boolean;
  onSendNow: () => void;
  onSkip: () => void;
  onBack: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const back = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (question && !element.open) {
      element.showModal();
      // React's autoFocus ran before the dialog opened; the choice that spends nothing takes focus now.
      back.current?.focus();
    }
    if (!question && element.open) element.close();
  }, [question]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClose={onBack}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-stone-200 bg-white p-0 text-stone-900 shadow-xl backdrop:bg-stone-900/40"
    >
      {question ? (
        <div className="space-y-4 p-6">
          <h2 id={titleId} className="text-lg font-semibold">
            Send the cards that are due?
          </h2>
          <div id={textId} className="space-y-2 text-sm text-stone-600">
            <p className="font-medium text-stone-900">{dueNowInWords(question.count, question.totalCents, question.creditAvailableCents)}</p>
            <p>Their dates are close: they go out as soon as the automation is saved. Or start with the next date and send these yourself, or not at all.</p>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
            <Button ref={back} variant="secondary" onClick={onBack}>
              Back
            </Button>
            <Button variant="secondary" disabled={pending} onClick={onSkip}>
              Start with the next date
            </Button>
            <Button disabled={pending} onClick={onSendNow}>
              {pending ? "Saving…" : "Send them now"}
            </Button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
