"use client";

import { useId, useState } from "react";
import { CardThumb } from "@/components/projects/card-thumb";
import { cardsForEvents, occasionsInWords, type FormCard } from "@/lib/automations/card-choice";
import { formatMoney } from "@/lib/money";

type Event = Parameters<typeof cardsForEvents>[1][number];

/**
 * The automation's card, chosen by its picture among the cards made for the automation's
 * occasions (or all of them on request). A radio group named `card_id`: arrow keys move
 * between cards as in any radio group.
 */
export function CardPicker({
  cards,
  events,
  value,
  onChange,
  error,
}: {
  cards: readonly FormCard[];
  events: readonly Event[];
  value: string;
  onChange: (cardId: string) => void;
  error?: string[];
}) {
  const [showAll, setShowAll] = useState(false);
  const id = useId();
  const shown = cardsForEvents(cards, events, value === "" ? null : Number(value), showAll);
  const hidden = cards.length - shown.length;
  const occasions = occasionsInWords(events);
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error?.[0] ? errorId : undefined} className="space-y-2">
      <legend className="text-sm font-medium text-stone-700">
        Card<span className="text-red-700" aria-hidden="true"> *</span>
      </legend>
      <p className="text-xs text-stone-600">{showAll ? "Every card of the catalog." : occasions ? `Cards made for ${occasions}.` : "Tick the dates to send a card for to see their cards."}</p>
      {shown.length === 0 ? (
        <p className="rounded-lg bg-stone-100 px-3 py-4 text-sm text-stone-700">
          {occasions ? "No card is made for these dates yet: show all cards to pick one." : "No dates ticked yet: tick some above, or show all cards."}
        </p>
      ) : (
        <div className="grid max-h-[26rem] grid-cols-2 gap-2 overflow-y-auto rounded-lg p-1 sm:grid-cols-3 lg:grid-cols-4">
          {shown.map((card) => {
            const checked = String(card.id) === value;
            return (
              <label
                key={card.id}
                className={`flex cursor-pointer flex-col gap-1.5 rounded-lg bg-white p-2 ring-1 transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-rose-700 ${checked ? "ring-2 ring-rose-700" : "ring-stone-200 hover:ring-stone-400"}`}
              >
                <input
                  type="radio"
                  name="card_id"
                  value={card.id}
                  checked={checked}
                  onChange={() => onChange(String(card.id))}
                  aria-label={`${card.name}, ${formatMoney(card.priceCents)}`}
                  className="sr-only"
                />
                <CardThumb src={card.picture} alt="" className="aspect-[5/7] w-full" />
                <span className="flex items-start justify-between gap-2 text-xs">
                  <span className="min-w-0 font-medium text-stone-900">{card.name}</span>
                  <span className="shrink-0 tabular-nums text-stone-700">{formatMoney(card.priceCents)}</span>
                </span>
                {checked ? <span className="text-xs font-medium text-rose-800">Chosen</span> : null}
              </label>
            );
          })}
        </div>
      )}
      {showAll || hidden > 0 ? (
        <button type="button" onClick={() => setShowAll(!showAll)} className="text-sm font-medium text-rose-800 underline underline-offset-2 hover:text-rose-950">
          {showAll ? "Show only cards for these dates" : `Show all cards (${cards.length})`}
        </button>
      ) : null}
      {error?.[0] ? (
        <p id={errorId} className="text-sm text-red-700">
          {error[0]}
        </p>
      ) : null}
    </fieldset>
  );
}
