"use client";

import { useId, useState, useTransition, type FormEvent } from "react";
import { setRecipientStatusAction } from "@/app/(admin)/admin/actions";
import { Button } from "@/components/ui/button";
import { refundsOnEntry, statusLabel } from "@/lib/orders/status";

type Props = { orderId: number; pieceId: number; name: string; options: string[] };

/** Moves one piece to a next status by hand; the service refuses transitions it does not allow, in words. */
export function StatusChanger({ orderId, pieceId, name, options }: Props) {
  const selectId = useId();
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  if (options.length === 0) return <p className="text-xs text-stone-500">Final status</p>;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const status = String(new FormData(event.currentTarget).get("status") ?? "");
    startTransition(async () => {
      const result = await setRecipientStatusAction({ order_id: orderId, order_recipient_id: pieceId, status });
      setError(result.ok ? null : (result.fieldErrors?.status?.[0] ?? result.message));
    });
  }

  return (
    <form onSubmit={onSubmit} className="flex w-full flex-col gap-1 md:items-end">
      <label htmlFor={selectId} className="text-xs font-medium text-stone-600">
        New status<span className="sr-only"> of the card to {name}</span>
      </label>
      <div className="flex gap-2">
        <select
          key={options.join()}
          id={selectId}
          name="status"
          defaultValue={options[0]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${selectId}-error` : undefined}
          className="h-8 rounded-lg border border-stone-300 bg-white px-2 text-base text-stone-900 shadow-sm sm:text-sm focus:border-rose-600 focus:outline-2 focus:outline-rose-600/30 aria-[invalid=true]:border-red-600"
        >
          {options.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
              {refundsOnEntry(status) ? " (refunds)" : ""}
            </option>
          ))}
        </select>
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? "Saving…" : "Update"}
        </Button>
      </div>
      {error ? (
        <p id={`${selectId}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
