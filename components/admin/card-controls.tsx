"use client";

import { useId, useState, useTransition, type FormEvent } from "react";
import { setCardActiveAction, setCardPriceAction } from "@/app/(admin)/admin/actions";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { inputClass } from "@/components/ui/field";
import { formatMoney } from "@/lib/money";

type Props = { cardId: number; name: string; isActive: boolean; price: string };

/** Price editing and catalog visibility of one card. */
export function CardControls({ cardId, name, isActive, price }: Props) {
  const inputId = useId();
  const [priceError, setPriceError] = useState<string | null>(null);
  const [status, setStatus] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const [saving, startSaving] = useTransition();
  const [toggling, startToggling] = useTransition();

  function savePrice(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get("price") ?? "");
    startSaving(async () => {
      const result = await setCardPriceAction({ card_id: cardId, price: value });
      if (result.ok) {
        setPriceError(null);
        setStatus({ tone: "ok", text: `Price saved: ${formatMoney(result.data.priceCents)}.` });
      } else {
        setPriceError(result.fieldErrors?.price?.[0] ?? result.message);
        setStatus(null);
      }
    });
  }

  function toggle() {
    startToggling(async () => {
      const result = await setCardActiveAction({ card_id: cardId, is_active: !isActive });
      setStatus(
        result.ok
          ? { tone: "ok", text: result.data.isActive ? "Back in the catalog." : "Taken out of the catalog." }
          : { tone: "error", text: result.message },
      );
    });
  }

  const errorId = `${inputId}-error`;
  return (
    <div className="flex flex-col gap-2 sm:items-end">
      <div className="flex flex-wrap items-start gap-2 sm:flex-nowrap sm:justify-end">
        <form onSubmit={savePrice} noValidate className="flex items-start gap-2">
          <div>
            <label htmlFor={inputId} className="sr-only">
              Price of {name} in dollars
            </label>
            <div className="relative w-24">
              <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-stone-500">
                $
              </span>
              <input
                key={price}
                id={inputId}
                name="price"
                inputMode="decimal"
                autoComplete="off"
                defaultValue={price}
                aria-invalid={priceError ? true : undefined}
                aria-describedby={priceError ? errorId : undefined}
                onChange={() => priceError && setPriceError(null)}
                className={cn(inputClass, "h-8 py-1 pl-6 tabular-nums")}
              />
            </div>
          </div>
          <Button type="submit" variant="secondary" size="sm" disabled={saving} aria-label={`Save the price of ${name}`}>
            {saving ? "Saving…" : "Save"}
          </Button>
        </form>
        <Button variant={isActive ? "secondary" : "primary"} size="sm" className="w-28" disabled={toggling} onClick={toggle} aria-label={`${isActive ? "Deactivate" : "Activate"} ${name}`}>
          {toggling ? (isActive ? "Deactivating…" : "Activating…") : isActive ? "Deactivate" : "Activate"}
        </Button>
      </div>
      {priceError ? (
        <p id={errorId} className="text-sm text-red-700">
          {priceError}
        </p>
      ) : null}
      <p aria-live="polite" className={cn("text-xs", status?.tone === "error" ? "text-red-700" : "text-emerald-700")}>
        {status?.text}
      </p>
    </div>
  );
}
