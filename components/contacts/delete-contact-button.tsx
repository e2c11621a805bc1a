"use client";

import { deleteContactAction } from "@/app/(app)/contacts/actions";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

export function DeleteContactButton({ uuid, name }: { uuid: string; name: string }) {
  return (
    <ConfirmDialog
      triggerLabel="Delete"
      title={`Delete ${name}?`}
      confirmLabel="Delete contact"
      pendingLabel="Deleting…"
      onConfirm={async () => {
        const result = await deleteContactAction({ uuid });
        // On success the action goes back to the address book.
        return result && !result.ok ? result : { ok: true };
      }}
    >
      <p>
        {name} will be removed from your address book, from every group and from projects not yet ordered. Cards already ordered are
        still mailed.
      </p>
    </ConfirmDialog>
  );
}
