"use client";

import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, useTransition } from "react";
import type { ActionResult } from "@/app/_lib/action";
import { QueryProvider } from "@/components/ui/query-provider";
import { Button } from "@/components/ui/button";
import { Badge, type Notice, NoticeAlert, Skeleton } from "@/components/ui/feedback";
import { notify } from "@/components/ui/toast";
import { inputClass } from "@/components/ui/field";
import { fetchContactPage, type ContactPickerTarget } from "./fetch-contacts";
import type { ContactListItem } from "@/lib/contacts/view";

const SEARCH_DELAY_MS = 250;

type ContactMultiPickerProps = {
  /**
   * The project or group added to: the server marks each listed contact already there, shown
   * ticked and disabled and never sent again.
   */
  includedIn: ContactPickerTarget;
  /** When the server rendered the page: a new render (after a change anywhere on it) reloads the marks. */
  renderedAt: string;
  /** What the contacts are added to, as the button says it: "Add to group", "Add 3 to group". */
  target: string;
  /** The badge on a contact that is already there ("In group"). */
  includedBadge: string;
  /** The line under a contact's name. */
  detail: (contact: ContactListItem) => string;
  /** Saves the chosen contacts (a server action) and says how many were new. */
  onAdd: (contactIds: string[]) => Promise<ActionResult<{ added: number }>>;
  successText: (added: number) => string;
  /** Shown instead of the list when the address book has no contacts at all. */
  emptyHint: string;
  /** Element ids, unique on the page: the search box, the result list, and the prefix of each checkbox's id. */
  ids: { search: string; results: string; checkbox: string };
  /** Tailwind max height of the scrolling result list (a literal class, so Tailwind sees it). */
  listHeight: "max-h-80" | "max-h-96";
};

/** Search-as-you-type over the address book, with checkboxes to add several contacts at once. */
function ContactMultiPickerView({ includedIn, renderedAt, target, includedBadge, detail, onAdd, successText, emptyHint, ids, listHeight }: ContactMultiPickerProps) {
  const [text, setText] = useState("");
  const [query, setQuery] = useState("");
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState<Notice | null>(null);
  const [pending, startTransition] = useTransition();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const queryClient = useQueryClient();
  // Every search of this picker: refreshed together after an add, shown pages and all.
  const targetKey = "onProject" in includedIn ? `project:${includedIn.onProject}` : `group:${includedIn.inGroup}`;
  const pickerKey = ["contact-picker", targetKey] as const;
  const { data, isPending, isError, error, fetchNextPage, hasNextPage, isFetchingNextPage } = useInfiniteQuery({
    queryKey: [...pickerKey, query],
    queryFn: ({ pageParam, signal }) => fetchContactPage({ cursor: pageParam, query, group: "", target: includedIn }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  // A group added whole, a recipient removed: the page renders again and the marks follow. A
  // fetch under way is kept rather than sent twice: on mount it is the picker's first, after an
  // add the add's own refresh below.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: ["contact-picker", targetKey] }, { cancelRefetch: false });
  }, [queryClient, targetKey, renderedAt]);
  const results = data?.pages.flatMap((page) => page.items) ?? [];
  const included = new Set(results.filter((contact) => contact.included).map((contact) => contact.uuid));
  const addable = results.filter((contact) => !contact.included);
  const chosen = [...selected].filter((uuid) => !included.has(uuid));

  const onSearch = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setQuery(value.trim()), SEARCH_DELAY_MS);
  };
  const toggle = (uuid: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(uuid);
      else next.delete(uuid);
      return next;
    });

  const add = () =>
    startTransition(async () => {
      const result = await onAdd(chosen);
      if (result.ok) {
        // The added contacts turn ticked and marked before the selection clears, not unticked in between.
        await queryClient.invalidateQueries({ queryKey: pickerKey });
        setSelected(new Set());
        const text = successText(result.data.added);
        setMessage({ tone: "success", text });
        notify(text, { quiet: true });
      } else {
        setMessage({ tone: "error", text: result.message });
      }
    });

  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={ids.search} className="block text-sm font-medium text-stone-700">
          Search your contacts
        </label>
        <input
          id={ids.search}
          type="search"
          value={text}
          onChange={(event) => onSearch(event.target.value)}
          placeholder="Name, email or phone"
          maxLength={255}
          autoComplete="off"
          aria-controls={ids.results}
          className={`${inputClass} mt-1`}
        />
      </div>

      <div id={ids.results} className={`${listHeight} overflow-y-auto rounded-lg border border-stone-200`} aria-busy={isPending || undefined}>
        {isPending ? (
          <div className="space-y-3 p-3">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-5" />
            ))}
          </div>
        ) : isError ? (
          <p className="p-3 text-sm text-red-700">{error.message}</p>
        ) : results.length === 0 ? (
          <p className="p-3 text-sm text-stone-500">{query ? `No contacts match “${query}”.` : emptyHint}</p>
        ) : (
          <ul className="divide-y divide-stone-100" aria-label="Contacts">
            {results.map((contact) => {
              const isIncluded = included.has(contact.uuid);
              const id = `${ids.checkbox}-${contact.uuid}`;
              return (
                <li key={contact.uuid}>
                  <label htmlFor={id} className={`flex items-center gap-3 px-3 py-2.5 ${isIncluded ? "cursor-default" : "cursor-pointer hover:bg-stone-50"}`}>
                    <input
                      id={id}
                      type="checkbox"
                      className="h-4 w-4 shrink-0 accent-rose-700"
                      checked={isIncluded || selected.has(contact.uuid)}
                      disabled={isIncluded || pending}
                      onChange={(event) => toggle(contact.uuid, event.target.checked)}
                    />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-medium text-stone-900">{contact.name}</span>
                      <span className="block truncate text-xs text-stone-500">{detail(contact)}</span>
                    </span>
                    {isIncluded ? <Badge>{includedBadge}</Badge> : null}
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        {hasNextPage ? (
          <div className="border-t border-stone-100 p-2 text-center">
            <Button variant="ghost" size="sm" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
              {isFetchingNextPage ? "Loading…" : "Show more contacts"}
            </Button>
          </div>
        ) : null}
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={add} disabled={pending || chosen.length === 0}>
          {pending ? "Adding…" : chosen.length === 0 ? `Add to ${target}` : `Add ${chosen.length} to ${target}`}
        </Button>
        {addable.length > 0 ? (
          <Button variant="ghost" size="sm" disabled={pending} onClick={() => setSelected((current) => new Set([...current, ...addable.map((contact) => contact.uuid)]))}>
            Select all shown
          </Button>
        ) : null}
        {chosen.length > 0 ? (
          <Button variant="ghost" size="sm" disabled={pending} onClick={() => setSelected(new Set())}>
            Clear
          </Button>
        ) : null}
      </div>
      <NoticeAlert notice={message} />
    </div>
  );
}

/** With its own query cache: no other part of the page uses one. */
export function ContactMultiPicker(props: ContactMultiPickerProps) {
  return (
    <QueryProvider>
      <ContactMultiPickerView {...props} />
    </QueryProvider>
  );
}
