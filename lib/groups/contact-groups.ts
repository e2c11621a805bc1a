import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { groupContacts, groups } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { isUuid } from "@/lib/ids";
import type { Group } from "./service";

/** The user's groups that hold one contact, ordered by name; an unknown contact has none. */
export async function listContactGroups(ctx: ServiceContext, contactId: string): Promise<Group[]> {
  if (!isUuid(contactId)) return [];
  const rows = await ctx.db
    .select({ group: groups })
    .from(groupContacts)
    .innerJoin(groups, eq(groups.id, groupContacts.groupId))
    .where(and(eq(groupContacts.contactId, contactId), eq(groupContacts.userId, ctx.user.id), eq(groups.userId, ctx.user.id)))
    .orderBy(asc(groups.name), asc(groups.id));
  return rows.map((r) => r.group);
}
