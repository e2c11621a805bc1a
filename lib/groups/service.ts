import "server-only";
import { and, asc, count, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { contacts, groupContacts, groups, type GroupRow } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { notFound } from "@/lib/errors";
import { isUuid, toSerialId } from "@/lib/ids";
import { assertWithinQuota, lockAccountQuotas } from "@/lib/quotas";
import type { AddContactsToGroupInput, CreateGroupInput, UpdateGroupInput } from "./schema";

export type Group = GroupRow;
export type GroupWithCount = GroupRow & { contactsCount: number };

const groupNotFound = () => notFound("Group not found");
const contactNotFound = () => notFound("Contact not found");

const toGroupId = (value: number | string) => toSerialId(value, groupNotFound);

/** The user's groups ordered by name, then id. */
export async function listGroups(ctx: ServiceContext): Promise<Group[]> {
  return ctx.db.select().from(groups).where(eq(groups.userId, ctx.user.id)).orderBy(asc(groups.name), asc(groups.id));
}

/** The user's groups with how many contacts each holds, for the web app's group list. */
export async function listGroupsWithCounts(ctx: ServiceContext): Promise<GroupWithCount[]> {
  return ctx.db
    .select({ ...getTableColumns(groups), contactsCount: count(groupContacts.contactId) })
    .from(groups)
    .leftJoin(groupContacts, eq(groupContacts.groupId, groups.id))
    .where(eq(groups.userId, ctx.user.id))
    .groupBy(groups.id)
    .orderBy(asc(groups.name), asc(groups.id));
}

export async function getGroupOrThrow(ctx: ServiceContext, groupId: number | string): Promise<Group> {
  const id = toGroupId(groupId);
  const [row] = await ctx.db
    .select()
    .from(groups)
    .where(and(eq(groups.id, id), eq(groups.userId, ctx.user.id)))
    .limit(1);
  if (!row) throw groupNotFound();
  return row;
}

export async function createGroup(ctx: ServiceContext, input: CreateGroupInput): Promise<Group> {
  const [row] = await ctx.db
    .insert(groups)
    .values({ userId: ctx.user.id, name: input.name, description: input.description ?? null })
    .returning();
  return row!;
}

/** Replaces name and description (a description left out is cleared). */
export async function updateGroup(ctx: ServiceContext, groupId: number | string, input: UpdateGroupInput): Promise<Group> {
  return setGroupFields(ctx, groupId, { name: input.name, description: input.description ?? null });
}

async function setGroupFields(ctx: ServiceContext, groupId: number | string, fields: Partial<Pick<GroupRow, "name" | "description">>): Promise<Group> {
  const id = toGroupId(groupId);
  const [row] = await ctx.db
    .update(groups)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(and(eq(groups.id, id), eq(groups.userId, ctx.user.id)))
    .returning();
  if (!row) throw groupNotFound();
  return row;
}

/** Deletes the group and its memberships; the contacts themselves stay. */
export async function deleteGroup(ctx: ServiceContext, groupId: number | string): Promise<void> {
  const id = toGroupId(groupId);
  const deleted = await ctx.db
    .delete(groups)
    .where(and(eq(groups.id, id), eq(groups.userId, ctx.user.id)))
    .returning({ id: groups.id });
  if (deleted.length === 0) throw groupNotFound();
}

async function assertContactOwned(ctx: ServiceContext, contactId: string): Promise<void> {
  if (!isUuid(contactId)) throw contactNotFound();
  const [row] = await ctx.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.userId, ctx.user.id)))
    .limit(1);
  if (!row) throw contactNotFound();
}

/**
 * A 422 on `field` when the group holds more members than its quota; call it in the transaction
 * that added them, under `lockAccountQuotas`, so that they roll back.
 */
async function assertMembersQuota(tx: Database, groupId: number, field: string): Promise<void> {
  // Counted on the primary key (group_id, contact_id).
  const [row] = await tx.select({ n: count() }).from(groupContacts).where(eq(groupContacts.groupId, groupId));
  const members = Number(row!.n);
  assertWithinQuota("membersPerGroup", members, field, (limit) => `A group can hold at most ${limit} contacts; this would make ${members.toLocaleString("en-US")}.`);
}

/**
 * Adds one of the user's contacts to one of the user's groups; adding it twice is not an error,
 * adding it to a full group is a 422 on `contact_id`.
 */
export async function addContactToGroup(ctx: ServiceContext, groupId: number | string, contactId: string): Promise<void> {
  const group = await getGroupOrThrow(ctx, groupId);
  await assertContactOwned(ctx, contactId);
  try {
    await ctx.db.transaction(async (tx) => {
      await lockAccountQuotas(tx, ctx.user.id);
      const added = await tx
        .insert(groupContacts)
        .values({ groupId: group.id, contactId, userId: ctx.user.id })
        .onConflictDoNothing()
        .returning({ contactId: groupContacts.contactId });
      if (added.length > 0) await assertMembersQuota(tx, group.id, "contact_id");
    });
  } catch (error) {
    // The group or the contact was deleted between the checks and the insert.
    const constraint = foreignKeyViolation(error);
    if (constraint === undefined) throw error;
    throw constraint.includes("contact_id") ? contactNotFound() : groupNotFound();
  }
}

/**
 * Adds several contacts in one statement. Ids that are not the user's contacts are skipped
 * (the caller picked them from a list that may have changed); returns how many were added.
 * More than the group may hold is a 422 on `contact_ids`, and none is added.
 */
export async function addContactsToGroup(ctx: ServiceContext, groupId: number | string, input: AddContactsToGroupInput | string[]): Promise<{ added: number }> {
  const group = await getGroupOrThrow(ctx, groupId);
  const ids = [...new Set((Array.isArray(input) ? input : input.contact_ids).filter(isUuid))];
  if (ids.length === 0) return { added: 0 };
  return ctx.db.transaction(async (tx) => {
    await lockAccountQuotas(tx, ctx.user.id);
    const inserted = await insertMembers(tx, ctx, group.id, ids);
    if (inserted > 0) await assertMembersQuota(tx, group.id, "contact_ids");
    return { added: inserted };
  });
}

async function insertMembers(tx: Database, ctx: ServiceContext, groupId: number, ids: string[]): Promise<number> {
  const inserted = await tx
    .insert(groupContacts)
    .select(
      tx
        .select({
          groupId: sql<number>`${groupId}::integer`.as("group_id"),
          contactId: contacts.id,
          userId: contacts.userId,
          createdAt: sql<Date>`now()`.as("created_at"),
        })
        .from(contacts)
        .where(and(eq(contacts.userId, ctx.user.id), inArray(contacts.id, ids))),
    )
    .onConflictDoNothing()
    .returning({ contactId: groupContacts.contactId });
  return inserted.length;
}

/** Removes a contact from a group; removing a contact that is not a member is not an error. */
export async function removeContactFromGroup(ctx: ServiceContext, groupId: number | string, contactId: string): Promise<void> {
  const group = await getGroupOrThrow(ctx, groupId);
  await assertContactOwned(ctx, contactId);
  await ctx.db
    .delete(groupContacts)
    .where(and(eq(groupContacts.groupId, group.id), eq(groupContacts.contactId, contactId), eq(groupContacts.userId, ctx.user.id)));
}

/** The violated constraint's name when the error is a foreign_key_violation, from either driver. */
function foreignKeyViolation(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: string; constraint?: string; constraint_name?: string; cause?: unknown };
    if (e.code === "23503") return e.constraint ?? e.constraint_name ?? "";
    current = e.cause;
  }
  return undefined;
}
