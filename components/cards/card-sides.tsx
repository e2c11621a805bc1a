"use client";

import { useState } from "react";
import type { CardSide } from "@/lib/cards/catalog-item";

/**
 * The card's large picture and, under it, a button per side (front, inside, back) that shows that
 * side in its place, as turning a card over in a shop would.
 */
export function CardSides({ sides }: { sides: CardSide[] }) {
  const [shown, setShown] = useState(0);
  const side = sides[shown] ?? sides[0];
  if (!side) return <p className="py-24 text-sm text-stone-500">No picture of this card yet.</p>;
  const wide = side.width > side.height;
  return (
    <div className="flex w-full flex-col items-center gap-5">
      {/* eslint-disable-next-line @next/next/no-img-element -- generated SVG artwork, nothing to optimise */}
      <img
        key={side.src}
        src={side.src}
        width={side.width}
        height={side.height}
        alt={side.alt}
        className={`h-auto w-full rounded shadow-xl ${wide ? (side.width >= 1000 ? "max-w-xl" : "max-w-lg") : "max-w-sm"}`}
      />
      {sides.length > 1 ? (
        <div role="group" aria-label="Sides of the card" className="flex flex-wrap justify-center gap-3">
          {sides.map((option, index) => (
            <button
              key={option.label}
              type="button"
              aria-pressed={index === shown}
              onClick={() => setShown(index)}
              className="flex w-20 flex-col items-center gap-1.5 rounded-lg p-1.5 text-xs font-medium text-stone-700 ring-1 ring-transparent transition-colors hover:bg-white hover:ring-stone-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-600 aria-pressed:bg-white aria-pressed:text-stone-900 aria-pressed:ring-rose-600"
            >
              <span className="flex h-14 w-full items-center justify-center">
                {/* eslint-disable-next-line @next/next/no-img-element -- generated SVG artwork, nothing to optimise */}
                <img src={option.src} alt="" width={option.width} height={option.height} className="max-h-14 w-auto max-w-full rounded-sm shadow" />
              </span>
              {option.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
