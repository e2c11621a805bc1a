"use client";

import { useState, useTransition } from "react";
import { deleteAddressRequestAction, updateAddressRequestAction } from "@/app/(app)/address-requests/actions";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Alert } from "@/components/ui/feedback";

/** Close or reopen a link (its page then says it is closed), or delete it with what came through it. */
export function LinkSettings({ id, open, pending }: { id: number; open: boolean; pending: number }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, startTransition] = useTransition();
  const toggle = () =>
    startTransition(async () => {
      setError(null);
      const result = await updateAddressRequestAction({ id, open: !open });
      if (!result.ok) setError(result.message);
    });
  return (
    <div className="space-y-3">
      {error ? <Alert>{error}</Alert> : null}
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={toggle} disabled={busy}>
          {open ? "Close link" : "Reopen link"}
        </Button>
        <ConfirmDialog
          triggerLabel="Delete link"
          triggerVariant="danger"
          title="Delete this link?"
          confirmLabel="Delete link"
          pendingLabel="Deleting…"
          onConfirm={async () => {
            const result = await deleteAddressRequestAction({ id });
            return result && !result.ok ? result : { ok: true };
          }}
        >
          <p>
            Its page will say the link is closed.{" "}
            {pending > 0 ? `The ${pending === 1 ? "address" : `${pending} addresses`} waiting for review will be deleted too. ` : ""}
            Contacts you already accepted stay in your address book.
          </p>
        </ConfirmDialog>
      </div>
    </div>
  );
}
