import "server-only";
import { and, asc, count, eq, sql, type SQL } from "drizzle-orm";
import { contacts, groupContacts } from "@/db/schema";
import type { ContactWithFamily } from "@/lib/contacts/mapper";
import { findContactsWithFamily } from "@/lib/contacts/queries";
import type { ServiceContext } from "@/lib/context";
import { keysetCursor } from "@/lib/cursor";
import { isUuid } from "@/lib/ids";
import { toCursorPage, type CursorPage } from "@/lib/paging";
import { getGroupOrThrow } from "./service";

/*
 * A group's members a page at a time, in the address book's order (last name, first name,
 * uuid), keyset-paged on the contacts' (user_id, last_name, first_name, id) index.
 */

type MemberPosition = { l: string; f: string; id: string };

const isMemberPosition = (value: unknown): value is MemberPosition => {
  const v = value as Partial<MemberPosition> | null;
  return typeof v === "object" && v !== null && typeof v.l === "string" && typeof v.f === "string" && typeof v.id === "string" && isUuid(v.id);
};

// One list per group: a cursor of another group (or of the address book) is refused.
const membersCursor = (groupId: number) => keysetCursor(`group-contacts:${groupId}`, isMemberPosition);

export type ListGroupMembersInput = { cursor?: string | null; perPage: number };
export type GroupMembersPage<T> = CursorPage<T> & { total: number };

function memberFilter(userId: number, groupId: number, after: MemberPosition | undefined): SQL {
  return and(
    eq(contacts.userId, userId),
    sql`exists (select 1 from group_contacts gc where gc.group_id = ${groupId} and gc.contact_id = ${contacts.id})`,
    after ? sql`(${contacts.lastName}, ${contacts.firstName}, ${contacts.id}) > (${after.l}::text, ${after.f}::text, ${after.id}::uuid)` : undefined,
  )!;
}

const memberOrder = [asc(contacts.lastName), asc(contacts.firstName), asc(contacts.id)];

/** How many contacts the group holds: counted on the membership key, never by reading the contacts. */
async function countMembers(ctx: ServiceContext, groupId: number): Promise<number> {
  const [row] = await ctx.db.select({ total: count() }).from(groupContacts).where(eq(groupContacts.groupId, groupId));
  return Number(row?.total ?? 0);
}

async function readMembers<R extends { lastName: string; firstName: string; id: string }>(
  ctx: ServiceContext,
  groupId: number | string,
  input: ListGroupMembersInput,
  read: (where: SQL, limit: number) => Promise<R[]>,
): Promise<GroupMembersPage<R>> {
  const group = await getGroupOrThrow(ctx, groupId);
  const cursor = membersCursor(group.id);
  const after = cursor.decode(ctx, input.cursor);
  const [rows, total] = await Promise.all([read(memberFilter(ctx.user.id, group.id, after), input.perPage + 1), countMembers(ctx, group.id)]);
  const page = toCursorPage(rows, input.perPage, (last) => cursor.encode(ctx, { l: last.lastName, f: last.firstName, id: last.id }));
  return { ...page, total };
}

/**
 * A page of the group's contacts (with children and pets) ordered by last name, first name,
 * uuid, and how many it holds. An unknown group is a 404, a bad cursor a 422 on `cursor`.
 */
export function listGroupMembers(ctx: ServiceContext, groupId: number | string, input: ListGroupMembersInput): Promise<GroupMembersPage<ContactWithFamily>> {
  return readMembers(ctx, groupId, input, (where, limit) => findContactsWithFamily(ctx.db, ctx.user.id, { where, orderBy: memberOrder, limit }));
}

/** The same page with each contact as the spec's Contact in JSON text (the database keeps it). */
export async function listGroupMembersJson(ctx: ServiceContext, groupId: number | string, input: ListGroupMembersInput): Promise<GroupMembersPage<string>> {
  const page = await readMembers(ctx, groupId, input, (where, limit) =>
    ctx.db
      .select({ json: contacts.apiJson, lastName: contacts.lastName, firstName: contacts.firstName, id: contacts.id })
      .from(contacts)
      .where(where)
      .orderBy(...memberOrder)
      .limit(limit),
  );
  return { ...page, items: page.items.map((row) => row.json) };
}
