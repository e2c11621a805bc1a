"use client";

import { useId, useRef, useState, useTransition } from "react";
import { deleteAndLeaveAction, duplicateAndOpenAction } from "@/app/(app)/projects/actions";
import { Button, ButtonLink } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Alert } from "@/components/ui/feedback";

type Props = { projectUuid: string; name: string; recipients: number; ordered: boolean };

/** What can be done with the whole project: another card and deleting while nothing is ordered, a copy always. */
export function ProjectActions({ projectUuid, name, recipients, ordered }: Props) {
  return (
    <div className="flex flex-wrap gap-2">
      {!ordered ? (
        <ButtonLink href={`/cards?change=${projectUuid}`} variant="secondary" size="sm">
          Change card
        </ButtonLink>
      ) : null}
      <DuplicateButton projectUuid={projectUuid} name={name} recipients={recipients} />
      {!ordered ? (
        <ConfirmDialog
          triggerLabel="Delete"
          triggerVariant="ghost"
          triggerSize="sm"
          triggerAriaLabel="Delete project"
          title={`Delete the project “${name}”?`}
          confirmLabel="Delete project"
          pendingLabel="Deleting…"
          onConfirm={async () => {
            const result = await deleteAndLeaveAction({ project_uuid: projectUuid });
            return result && !result.ok ? result : { ok: true };
          }}
        >
          <p>Nothing of it has been ordered. Its recipients stay in your address book.</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

function DuplicateButton({ projectUuid, name, recipients }: { projectUuid: string; name: string; recipients: number }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const checkboxId = useId();
  const [withRecipients, setWithRecipients] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  return (
    <>
      <Button variant="secondary" size="sm" aria-haspopup="dialog" onClick={() => dialog.current?.showModal()}>
        Duplicate
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        onClose={() => setError(null)}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-stone-200 bg-white p-0 text-stone-900 shadow-xl backdrop:bg-stone-900/40"
      >
        <div className="space-y-4 p-6">
          <h2 id={titleId} className="text-lg font-semibold">
            Duplicate “{name}”
          </h2>
          <p className="text-sm text-stone-600">A new project with the same card, message and sign-off. Nothing of it is ordered yet.</p>
          {recipients > 0 ? (
            <div className="flex items-start gap-2 text-sm">
              <input id={checkboxId} type="checkbox" checked={withRecipients} onChange={(event) => setWithRecipients(event.target.checked)} className="mt-0.5 size-4 accent-rose-700" />
              <label htmlFor={checkboxId} className="text-stone-700">
                Copy the {recipients === 1 ? "recipient" : `${recipients.toLocaleString("en-US")} recipients`} and their own messages too
              </label>
            </div>
          ) : null}
          {error ? <Alert>{error}</Alert> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" autoFocus disabled={pending} onClick={() => dialog.current?.close()}>
              Cancel
            </Button>
            <Button
              disabled={pending}
              onClick={() =>
                startTransition(async () => {
                  setError(null);
                  const result = await duplicateAndOpenAction({ project_uuid: projectUuid, with_recipients: recipients > 0 && withRecipients });
                  if (result && !result.ok) setError(result.message);
                })
              }
            >
              {pending ? "Duplicating…" : "Duplicate project"}
            </Button>
          </div>
        </div>
      </dialog>
    </>
  );
}
