"use client";

import Link from "next/link";
import { fetchCursorPage, MorePages, shownText, useCursorPages } from "@/components/ui/cursor-pages";
import type { GroupMemberItem, GroupMemberPage } from "@/lib/groups/view";
import { RemoveMemberButton } from "./remove-member-button";

type Props = {
  groupId: number;
  initialPage: GroupMemberPage;
  /** Every member of the group, not only the ones shown. */
  total: number;
  /** When the server rendered the first page: each render (after a change) starts a fresh list. */
  renderedAt: string;
};

/** The group's members a page at a time: the server renders the first, "Load more" the next. */
export function MembersList({ groupId, initialPage, total, renderedAt }: Props) {
  const pages = useCursorPages({
    queryKey: ["group-members", groupId, renderedAt],
    initialPage,
    fetchPage: (cursor, signal) => fetchCursorPage<GroupMemberItem>(`/groups/${groupId}/members-data?${new URLSearchParams(cursor ? { cursor } : {})}`, "members", signal),
  });
  return (
    <div>
      <p role="status" className="mb-2 text-sm text-stone-500">
        {shownText(pages.items.length, total, total === 1 ? "member" : "members")}
      </p>
      <ul className="-mb-2 divide-y divide-stone-100">
        {pages.items.map((member) => (
          <li key={member.uuid} className="flex items-center justify-between gap-3 py-2.5">
            <div className="min-w-0">
              <Link href={`/contacts/${member.uuid}`} className="block truncate text-sm font-medium text-stone-900 hover:text-rose-800 hover:underline">
                {member.name}
              </Link>
              <p className="truncate text-xs text-stone-500">{member.detail}</p>
            </div>
            <RemoveMemberButton groupId={groupId} contactId={member.uuid} name={member.name} />
          </li>
        ))}
      </ul>
      <MorePages pages={pages} noun="members" />
    </div>
  );
}
