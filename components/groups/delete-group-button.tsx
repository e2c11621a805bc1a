"use client";

import { deleteGroupAction } from "@/app/(app)/groups/actions";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

export function DeleteGroupButton({ id, name, count }: { id: number; name: string; count: number }) {
  return (
    <ConfirmDialog
      triggerLabel="Delete group"
      title={`Delete the group “${name}”?`}
      confirmLabel="Delete group"
      pendingLabel="Deleting…"
      onConfirm={async () => {
        const result = await deleteGroupAction({ id });
        return result && !result.ok ? result : { ok: true };
      }}
    >
      <p>
        Only the group is deleted.{" "}
        {count === 0 ? "It has no contacts." : `The ${count === 1 ? "contact" : `${count} contacts`} in it stay in your address book.`}
      </p>
    </ConfirmDialog>
  );
}
