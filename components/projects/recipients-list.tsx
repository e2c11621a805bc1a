"use client";

import { fetchCursorPage, MorePages, shownText, useCursorPages } from "@/components/ui/cursor-pages";
import type { RecipientRow, RecipientRowPage } from "@/lib/projects/view";
import type { CardFormat } from "@/lib/cards/message-fit";
import { RecipientsTable } from "./recipients-table";

type Props = {
  projectUuid: string;
  initialPage: RecipientRowPage;
  /** Every recipient of the project, not only the rows shown. */
  total: number;
  /** When the server rendered the first page: each render (after a change) starts a fresh list. */
  renderedAt: string;
  /** The card's format: how long a recipient's own message may be. */
  format: CardFormat;
};

/** The project's recipients a page at a time: the server renders the first, "Load more" the next. */
export function RecipientsList({ projectUuid, initialPage, total, renderedAt, format }: Props) {
  const pages = useCursorPages({
    queryKey: ["project-recipients", projectUuid, renderedAt],
    initialPage,
    fetchPage: (cursor, signal) =>
      fetchCursorPage<RecipientRow>(`/projects/${projectUuid}/recipients-data?${new URLSearchParams(cursor ? { cursor } : {})}`, "recipients", signal),
  });
  return (
    <div>
      {total > 0 ? (
        <p role="status" className="mb-2 text-sm text-stone-500">
          {shownText(pages.items.length, total, total === 1 ? "recipient" : "recipients")}
        </p>
      ) : null}
      <RecipientsTable projectUuid={projectUuid} rows={pages.items} format={format} />
      <MorePages pages={pages} noun="recipients" />
    </div>
  );
}
