"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/feedback";
import type { CursorPage } from "@/lib/paging";

type CursorPagesOptions<T> = {
  /** Ends with when the server rendered the first page, so each render starts a fresh list. */
  queryKey: readonly unknown[];
  initialPage: CursorPage<T>;
  fetchPage: (cursor: string | null, signal: AbortSignal) => Promise<CursorPage<T>>;
};

/** A list the server renders the first page of, whose next pages load by cursor in the browser. */
export function useCursorPages<T>({ queryKey, initialPage, fetchPage }: CursorPagesOptions<T>) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    initialData: { pages: [initialPage], pageParams: [null] },
    staleTime: Infinity,
  });
  return { ...query, items: query.data.pages.flatMap((page) => page.items) };
}

export type CursorPages = Pick<ReturnType<typeof useCursorPages>, "fetchNextPage" | "hasNextPage" | "isFetchingNextPage" | "isFetchNextPageError" | "error">;

type MorePagesProps = {
  pages: CursorPages;
  /** What the list holds, in the plural: "contacts", "recipients". */
  noun: string;
  /** Load the next page when the end of the list scrolls into view; else only the button does. */
  autoLoad?: boolean;
};

/**
 * The end of a paged list: the "Load more" button (which works without scrolling, for keyboards
 * and screen readers), an error with a way to retry, and optionally loading as the list scrolls.
 */
export function MorePages({ pages, noun, autoLoad = false }: MorePagesProps) {
  const { fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError, error } = pages;
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = sentinel.current;
    if (!autoLoad || !target || !hasNextPage || isFetchingNextPage || isFetchNextPageError) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: "400px 0px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [autoLoad, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  return (
    <>
      {autoLoad ? <div ref={sentinel} aria-hidden="true" /> : null}
      {isFetchNextPageError ? (
        <Alert className="mt-4">{error instanceof Error ? error.message : `More ${noun} could not be loaded.`} Try again with the button below.</Alert>
      ) : null}
      {hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? "Loading…" : `Load more ${noun}`}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** "Showing 25 of 4,000 recipients" while more remain, "Showing all 4,000 recipients" at the end. */
export function shownText(shown: number, total: number, noun: string): string {
  if (total === 0) return "";
  const count = (n: number) => n.toLocaleString("en-US");
  return shown < total ? `Showing ${count(shown)} of ${count(total)} ${noun}` : `Showing all ${count(total)} ${noun}`;
}

/**
 * One page of a list from the web app's own JSON route, with the signed-in session. A signed-out
 * session is redirected to the sign-in page, which is HTML: that reads as the session's end.
 */
export async function fetchCursorPage<T>(url: string, noun: string, signal?: AbortSignal): Promise<CursorPage<T>> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: "application/json" }, signal });
  } catch {
    throw new Error("We couldn't reach Cardmail. Check your connection.");
  }
  const isJson = response.headers.get("content-type")?.includes("application/json");
  if (!isJson || response.status === 401) throw new Error("Your session has ended. Please sign in again.");
  const body = (await response.json()) as CursorPage<T> | { message?: string };
  if (!response.ok || !("items" in body)) throw new Error(("message" in body && body.message) || `More ${noun} could not be loaded.`);
  return body;
}
