"use client";

import { deleteAutomationAction } from "@/app/(app)/automations/actions";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

export function DeleteAutomationButton({ id, name }: { id: number; name: string }) {
  return (
    <ConfirmDialog
      triggerLabel="Delete automation"
      title={`Delete the automation “${name}”?`}
      confirmLabel="Delete automation"
      pendingLabel="Deleting…"
      onConfirm={async () => {
        const result = await deleteAutomationAction({ id });
        return result && !result.ok ? result : { ok: true };
      }}
    >
      <p>It stops sending cards, and its history of runs is deleted. The orders it placed stay in your orders.</p>
    </ConfirmDialog>
  );
}
