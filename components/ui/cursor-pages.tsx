"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/feedback";
import type { CursorPage } from "@/lib/paging";

type CursorPagesOptions<T> = {
  /** Ends with when the server rendered the first page, so each render starts a fresh list. */
  queryKey: readonly unknown[];
  initialPage: CursorPage<T>;
  fetchPage: (cursor: string | null, signal: AbortSignal) => Promise<CursorPage<T>>;
};

type Loaded = { key: string; pages: CursorPage<unknown>[]; fetching: boolean; error: unknown };

/*
 * The pages read so far of the lists shown lately, so that going back to a list (the same server
 * render, from the router's cache) shows as much of it as before, not only its first page.
 */
const RECENT_LISTS = 20;
const recent = new Map<string, CursorPage<unknown>[]>();

function remember(key: string, pages: CursorPage<unknown>[]) {
  recent.delete(key);
  recent.set(key, pages);
  if (recent.size > RECENT_LISTS) recent.delete(recent.keys().next().value as string);
}

const fresh = (key: string, initialPage: CursorPage<unknown>): Loaded => ({ key, pages: recent.get(key) ?? [initialPage], fetching: false, error: null });

/**
 * A list the server renders the first page of, whose next pages load by cursor in the browser.
 * A few lines of state rather than a query library: the contacts page loads this on first view,
 * and the library's script cost more there than the list's own.
 */
export function useCursorPages<T>({ queryKey, initialPage, fetchPage }: CursorPagesOptions<T>) {
  const key = JSON.stringify(queryKey);
  const [loaded, setLoaded] = useState<Loaded>(() => fresh(key, initialPage));
  let shown = loaded;
  if (loaded.key !== key) {
    // A new server render: its first page replaces the list (React re-renders before painting).
    shown = fresh(key, initialPage);
    setLoaded(shown);
  }

  const live = useRef({ key, fetching: false, fetchPage, controller: null as AbortController | null });
  live.current.fetchPage = fetchPage;
  useEffect(() => {
    const current = live.current;
    current.key = key;
    return () => {
      current.controller?.abort();
      current.controller = null;
      current.fetching = false;
    };
  }, [key]);

  const pages = shown.pages as CursorPage<T>[];
  const nextCursor = pages[pages.length - 1]?.nextCursor ?? null;
  const fetchNextPage = useCallback(async () => {
    const current = live.current;
    if (current.fetching || nextCursor === null) return;
    const forKey = current.key;
    const controller = new AbortController();
    current.fetching = true;
    current.controller = controller;
    setLoaded((state) => (state.key === forKey ? { ...state, fetching: true, error: null } : state));
    try {
      const page = await current.fetchPage(nextCursor, controller.signal);
      setLoaded((state) => {
        if (state.key !== forKey) return state;
        const next = [...state.pages, page as CursorPage<unknown>];
        remember(forKey, next);
        return { ...state, pages: next, fetching: false };
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      setLoaded((state) => (state.key === forKey ? { ...state, fetching: false, error } : state));
    } finally {
      if (current.controller === controller) {
        current.fetching = false;
        current.controller = null;
      }
    }
  }, [nextCursor]);

  return {
    items: pages.flatMap((page) => page.items),
    fetchNextPage,
    hasNextPage: nextCursor !== null,
    isFetchingNextPage: shown.fetching,
    isFetchNextPageError: shown.error !== null,
    error: shown.error,
  };
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
