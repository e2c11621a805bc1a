// What the group page shows of a member: imported by client components too, so nothing
// server-only here.
import type { ContactWithFamily } from "@/lib/contacts/mapper";
import { contactName } from "@/lib/contacts/view";
import type { CursorPage } from "@/lib/paging";

export type GroupMemberItem = { uuid: string; name: string; detail: string };
export type GroupMemberPage = CursorPage<GroupMemberItem>;

/** Members show 25 at a time, like a project's recipients. */
export const GROUP_MEMBERS_PER_PAGE = 25;

export function toGroupMemberItem(member: ContactWithFamily): GroupMemberItem {
  const place = [member.city, member.state].filter(Boolean).join(", ");
  return { uuid: member.id, name: contactName(member), detail: [member.email, place].filter(Boolean).join(" · ") || "No email or address" };
}
