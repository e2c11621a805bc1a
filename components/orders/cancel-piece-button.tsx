"use client";

import { cancelPieceAction } from "@/app/(app)/orders/actions";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/** Cancels one piece before it goes into production; its price goes back to the account credit. */
export function CancelPieceButton({ pieceId, name, price }: { pieceId: number; name: string; price: string }) {
  return (
    <ConfirmDialog
      triggerLabel="Cancel"
      triggerSize="sm"
      triggerAriaLabel={`Cancel the card to ${name}`}
      title={`Cancel the card to ${name}?`}
      confirmLabel="Cancel card"
      dismissLabel="Keep card"
      pendingLabel="Cancelling…"
      onConfirm={async () => {
        const result = await cancelPieceAction({ order_recipient_id: pieceId });
        return result.ok ? { ok: true } : { ok: false, message: result.message };
      }}
    >
      <p>
        It has not gone into production yet, so it will not be printed or mailed, and its price of <strong className="text-stone-900">{price}</strong> goes
        back to your account credit. This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
