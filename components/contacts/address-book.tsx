"use client";

import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";
import { Button, ButtonLink } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { MorePages, useCursorPages } from "@/components/ui/cursor-pages";
import { Badge, EmptyState } from "@/components/ui/feedback";
import { inputClass } from "@/components/ui/field";
import { ExportSteps } from "./export-steps";
import { fetchContactPage } from "./fetch-contacts";
import type { ContactListItem, ContactListPage } from "@/lib/contacts/view";

// Links here prefetch nothing (prefetch={false}): each one in view asked the server for its page
// while this page was still starting, main-thread work that delayed a phone's first interaction.

type GroupOption = { id: string; name: string; count: number };

type Props = {
  initialPage: ContactListPage;
  /** When the server rendered the first page: each render starts a fresh list. */
  renderedAt: string;
  query: string;
  groupId: string;
  groups: GroupOption[];
};

const SEARCH_DELAY_MS = 300;

/** The searchable, filterable address book; the server renders the first page, later pages load as the list scrolls. */
export function AddressBook({ initialPage, renderedAt, query, groupId, groups }: Props) {
  const router = useRouter();
  const pathname = usePathname();
  const [searchText, setSearchText] = useState(query);
  const [navigating, startNavigation] = useTransition();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const pages = useCursorPages({
    queryKey: ["contacts", query, groupId, renderedAt],
    initialPage,
    fetchPage: (cursor, signal) => fetchContactPage({ cursor, query, group: groupId }, signal),
  });
  const { items, hasNextPage } = pages;

  useEffect(() => () => clearTimeout(timer.current), []);

  const navigate = (nextQuery: string, nextGroup: string) => {
    clearTimeout(timer.current);
    const params = new URLSearchParams();
    if (nextQuery.trim()) params.set("query", nextQuery.trim());
    if (nextGroup) params.set("group", nextGroup);
    const search = params.toString();
    startNavigation(() => router.replace(search ? `${pathname}?${search}` : pathname, { scroll: false }));
  };
  const onSearchChange = (value: string) => {
    setSearchText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => navigate(value, groupId), SEARCH_DELAY_MS);
  };

  const filtered = query !== "" || groupId !== "";
  const groupName = groups.find((g) => g.id === groupId)?.name;

  return (
    <div>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          navigate(searchText, groupId);
        }}
        className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem]"
      >
        <div>
          <label htmlFor="contact-search" className="sr-only">
            Search contacts
          </label>
          <input
            id="contact-search"
            type="search"
            value={searchText}
            onChange={(e) => onSearchChange(e.target.value)}
            placeholder="Search by name, email or phone"
            maxLength={255}
            autoComplete="off"
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="contact-group" className="sr-only">
            Group
          </label>
          <select id="contact-group" value={groupId} onChange={(e) => navigate(searchText, e.target.value)} className={inputClass}>
            <option value="">All contacts</option>
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name} ({g.count})
              </option>
            ))}
          </select>
        </div>
      </form>

      <p role="status" className="mb-3 min-h-5 text-sm text-stone-500">
        {navigating ? "Searching…" : summary(items.length, hasNextPage, query, groupName)}
      </p>

      <div className={cn("transition-opacity", navigating && "opacity-60")} aria-busy={navigating || undefined}>
        {items.length === 0 ? (
          filtered ? (
            <EmptyState
              title="No contacts match"
              action={
                <Button
                  variant="secondary"
                  onClick={() => {
                    setSearchText("");
                    navigate("", "");
                  }}
                >
                  Show all contacts
                </Button>
              }
            >
              {query ? <>Nothing matches “{query}”{groupName ? ` in ${groupName}` : ""}. Try part of a name, an email or a phone number.</> : <>{groupName ?? "This group"} has no contacts yet.</>}
            </EmptyState>
          ) : (
            <div className="space-y-4">
              <EmptyState
                title="Your address book is empty"
                action={
                  <>
                    <ButtonLink prefetch={false} href="/contacts/import">Import contacts</ButtonLink>
                    <ButtonLink prefetch={false} href="/contacts/new" variant="secondary">
                      New contact
                    </ButtonLink>
                  </>
                }
              >
                Bring in the people you send cards to from Google, Apple or Outlook, or add them one by one. With their birthdays and anniversaries, Cardmail
                reminds you in time to mail a card.
              </EmptyState>
              <ExportSteps />
            </div>
          )
        ) : (
          <ContactRows items={items} />
        )}
      </div>

      <MorePages pages={pages} noun="contacts" autoLoad />
    </div>
  );
}

function summary(count: number, hasMore: boolean, query: string, groupName: string | undefined): string {
  if (count === 0) return "";
  const noun = count === 1 ? "contact" : "contacts";
  const where = [query ? `matching “${query}”` : "", groupName ? `in ${groupName}` : ""].filter(Boolean).join(" ");
  return `${hasMore ? "Showing the first" : "Showing"} ${count} ${noun}${where ? ` ${where}` : ""}${hasMore ? "" : "."}`;
}

function ContactRows({ items }: { items: ContactListItem[] }) {
  return (
    <div className="overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
      <div aria-hidden="true" className="hidden grid-cols-12 gap-4 border-b border-stone-200 bg-stone-50 px-5 py-2.5 text-xs font-medium tracking-wide text-stone-500 uppercase lg:grid">
        <span className="col-span-4">Name</span>
        <span className="col-span-3">Email</span>
        <span className="col-span-2">Phone</span>
        <span className="col-span-3">City</span>
      </div>
      <ul className="divide-y divide-stone-100">
        {items.map((contact) => (
          <li key={contact.uuid} className="relative grid gap-1 px-5 py-3.5 hover:bg-stone-50 lg:grid-cols-12 lg:items-center lg:gap-4">
            <div className="min-w-0 lg:col-span-4">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <Link prefetch={false}
                  href={`/contacts/${contact.uuid}`}
                  className="font-medium text-stone-900 after:absolute after:inset-0 after:content-[''] hover:text-rose-800 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-rose-600"
                >
                  {contact.name}
                </Link>
                {contact.next ? <Badge tone={contact.next.isSoon ? "rose" : "neutral"}>{contact.next.text}</Badge> : null}
              </div>
              {contact.company ? <p className="truncate text-sm text-stone-500">{contact.company}</p> : null}
            </div>
            <RowText value={contact.email} className="truncate lg:col-span-3" />
            <RowText value={contact.phone} className="tabular-nums lg:col-span-2" />
            <RowText value={contact.place} className="lg:col-span-3" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A missing value is a dash in the desktop columns and takes no line on a phone. */
function RowText({ value, className }: { value: string | null; className: string }) {
  if (!value) {
    return (
      <p aria-hidden="true" className={cn("hidden text-sm text-stone-400 lg:block", className)}>
        —
      </p>
    );
  }
  return <p className={cn("text-sm text-stone-600", className)}>{value}</p>;
}
