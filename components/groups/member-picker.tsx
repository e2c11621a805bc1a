"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState, useTransition } from "react";
import { addGroupMembersAction } from "@/app/(app)/groups/actions";
import { fetchContactPage } from "@/components/contacts/fetch-contacts";
import { Button } from "@/components/ui/button";
import { Alert, Badge, Skeleton } from "@/components/ui/feedback";
import { inputClass } from "@/components/ui/field";

const SEARCH_DELAY_MS = 250;

/** Search-as-you-type over the user's contacts, with checkboxes to add several to a group at once. */
export function MemberPicker({ groupId, memberIds }: { groupId: number; memberIds: string[] }) {
  const [text, setText] = useState("");
  const [query, setQuery] = useState("");
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const members = new Set(memberIds);
  const { data, isPending, isError, error, fetchNextPage, hasNextPage, isFetchingNextPage } = useInfiniteQuery({
    queryKey: ["contact-picker", query],
    queryFn: ({ pageParam, signal }) => fetchContactPage({ cursor: pageParam, query, group: "" }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const results = data?.pages.flatMap((page) => page.items) ?? [];
  const addable = results.filter((c) => !members.has(c.uuid));

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
  const chosen = [...selected].filter((uuid) => !members.has(uuid));

  const add = () =>
    startTransition(async () => {
      const result = await addGroupMembersAction({ group_id: groupId, contact_ids: chosen });
      if (result.ok) {
        setSelected(new Set());
        const n = result.data.added;
        setMessage({ tone: "success", text: n === 0 ? "They were already in the group." : `Added ${n} ${n === 1 ? "contact" : "contacts"} to the group.` });
      } else {
        setMessage({ tone: "error", text: result.message });
      }
    });

  return (
    <div className="space-y-3">
      <div>
        <label htmlFor="member-search" className="block text-sm font-medium text-stone-700">
          Search your contacts
        </label>
        <input
          id="member-search"
          type="search"
          value={text}
          onChange={(e) => onSearch(e.target.value)}
          placeholder="Name, email or phone"
          maxLength={255}
          autoComplete="off"
          aria-controls="member-results"
          className={`${inputClass} mt-1`}
        />
      </div>

      <div id="member-results" className="max-h-96 overflow-y-auto rounded-lg border border-stone-200" aria-busy={isPending || undefined}>
        {isPending ? (
          <div className="space-y-3 p-3">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-5" />
            ))}
          </div>
        ) : isError ? (
          <p className="p-3 text-sm text-red-700">{error.message}</p>
        ) : results.length === 0 ? (
          <p className="p-3 text-sm text-stone-500">{query ? `No contacts match “${query}”.` : "Your address book is empty."}</p>
        ) : (
          <ul className="divide-y divide-stone-100" aria-label="Contacts">
            {results.map((contact) => {
              const isMember = members.has(contact.uuid);
              const id = `pick-${contact.uuid}`;
              return (
                <li key={contact.uuid}>
                  <label htmlFor={id} className={`flex items-center gap-3 px-3 py-2.5 ${isMember ? "cursor-default" : "cursor-pointer hover:bg-stone-50"}`}>
                    <input
                      id={id}
                      type="checkbox"
                      className="h-4 w-4 shrink-0 accent-rose-700"
                      checked={isMember || selected.has(contact.uuid)}
                      disabled={isMember || pending}
                      onChange={(e) => toggle(contact.uuid, e.target.checked)}
                    />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-medium text-stone-900">{contact.name}</span>
                      <span className="block truncate text-xs text-stone-500">{contact.email ?? contact.place ?? "No email"}</span>
                    </span>
                    {isMember ? <Badge>In group</Badge> : null}
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
          {pending ? "Adding…" : chosen.length === 0 ? "Add to group" : `Add ${chosen.length} to group`}
        </Button>
        {addable.length > 0 ? (
          <Button variant="ghost" size="sm" disabled={pending} onClick={() => setSelected((current) => new Set([...current, ...addable.map((c) => c.uuid)]))}>
            Select all shown
          </Button>
        ) : null}
        {chosen.length > 0 ? (
          <Button variant="ghost" size="sm" disabled={pending} onClick={() => setSelected(new Set())}>
            Clear
          </Button>
        ) : null}
      </div>
      {message ? (
        <Alert tone={message.tone} className="py-2">
          {message.text}
        </Alert>
      ) : null}
    </div>
  );
}
