"use client";

import Link from "next/link";
import { useRef, useState, useTransition } from "react";
import { buttonClass } from "@/components/ui/button";
import { Alert } from "@/components/ui/feedback";
import type { CatalogItem, CatalogPage } from "@/lib/cards/catalog-item";
import { hrefWith, sendContextParams, type SendContext } from "./send-context";

type Props = {
  initial: CatalogPage;
  /** Filters of this listing, sent again for the next pages. */
  filters: { occasion_id?: number; category_id?: number };
  /** Who the card is for and when it should arrive ("Send a card"), kept on every link. */
  send?: SendContext;
  /** The next page as a plain link: works before the script loads. */
  moreHref: string | null;
};

/** The catalog grid; "More cards" appends the next page in place. */
export function CardGrid({ initial, filters, send, moreHref }: Props) {
  const [items, setItems] = useState<CatalogItem[]>(initial.items);
  const [cursor, setCursor] = useState<string | null>(initial.nextCursor);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const [pending, startTransition] = useTransition();
  const list = useRef<HTMLUListElement>(null);

  const loadMore = () =>
    startTransition(async () => {
      if (!cursor) return;
      setError(null);
      const params = new URLSearchParams({ cursor });
      if (filters.occasion_id) params.set("occasion_id", String(filters.occasion_id));
      if (filters.category_id) params.set("category_id", String(filters.category_id));
      try {
        const response = await fetch(`/cards/page-data?${params}`, { headers: { accept: "application/json" } });
        if (!response.headers.get("content-type")?.includes("application/json") || response.status === 401) {
          throw new Error("Your session has ended. Please sign in again.");
        }
        const body = (await response.json()) as CatalogPage | { message?: string };
        if (!response.ok || !("items" in body)) throw new Error(("message" in body && body.message) || "More cards could not be loaded.");
        const firstNew = items.length;
        setItems((current) => [...current, ...body.items]);
        setCursor(body.nextCursor);
        setStatus(`${body.items.length} more cards shown.`);
        // Keyboard users continue from the first new card rather than the top of the page.
        requestAnimationFrame(() => list.current?.querySelectorAll<HTMLAnchorElement>("a")[firstNew]?.focus());
      } catch (caught) {
        setError(caught instanceof TypeError ? "We couldn't reach Cardmail. Check your connection." : (caught as Error).message);
      }
    });

  return (
    <div>
      <ul ref={list} className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4" aria-label="Cards">
        {items.map((card, index) => (
          <li key={card.id}>
            <CardTile card={card} send={send} eager={index < EAGER_IMAGES} />
          </li>
        ))}
      </ul>
      <p className="sr-only" role="status">
        {status}
      </p>
      {error ? <Alert className="mt-6">{error}</Alert> : null}
      {cursor ? (
        <div className="mt-10 flex justify-center">
          <a
            href={moreHref ?? "#"}
            onClick={(event) => {
              event.preventDefault();
              if (!pending) loadMore();
            }}
            aria-disabled={pending || undefined}
            className={buttonClass("secondary", "md", "min-w-40")}
          >
            {pending ? "Loading…" : "More cards"}
          </a>
        </div>
      ) : items.length > CARDS_IN_A_FULL_ROW ? (
        <p className="mt-10 text-center text-sm text-stone-500">That&apos;s every card{filters.occasion_id || filters.category_id ? " for this filter" : ""}.</p>
      ) : null}
    </div>
  );
}

const CARDS_IN_A_FULL_ROW = 4;
/** The first two desktop rows are on screen at once: no reason to wait for them. */
const EAGER_IMAGES = 8;

function CardTile({ card, send, eager }: { card: CatalogItem; send?: SendContext; eager?: boolean }) {
  const href = hrefWith(`/cards/${card.id}`, sendContextParams(send));
  return (
    <Link href={href} className="group block rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-rose-600">
      <div className="flex aspect-[5/7] items-center justify-center overflow-hidden rounded-xl bg-stone-100 p-3 ring-1 ring-stone-200 transition group-hover:bg-stone-200/70 sm:p-4">
        {card.image ? (
          // eslint-disable-next-line @next/next/no-img-element -- generated SVG artwork, nothing to optimise
          <img
            src={card.image.url}
            width={card.image.width}
            height={card.image.height}
            alt={`Front of the “${card.name}” card`}
            loading={eager ? "eager" : "lazy"}
            className="h-auto max-h-full w-auto max-w-full rounded-[3px] shadow-md transition group-hover:-translate-y-0.5 group-hover:shadow-lg"
          />
        ) : (
          <span className="text-sm text-stone-500">No picture</span>
        )}
      </div>
      <h2 className="mt-3 truncate text-sm font-semibold text-stone-900 group-hover:text-rose-800" title={card.name}>
        {card.name}
      </h2>
      <div className="flex items-baseline justify-between gap-2">
        <p className="min-w-0 truncate text-xs text-stone-600">by {card.artist}</p>
        <p className="shrink-0 text-sm font-medium text-stone-900 tabular-nums">{card.price}</p>
      </div>
    </Link>
  );
}
