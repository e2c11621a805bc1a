"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { userAction, type ActionResult } from "@/app/_lib/action";
import { flash } from "@/app/_lib/flash";
import { addContactsToGroupSchema, createGroupSchema, updateGroupSchema } from "@/lib/groups/schema";
import { addContactToGroup, addContactsToGroup, createGroup, deleteGroup, removeContactFromGroup, updateGroup } from "@/lib/groups/service";

const groupId = z.number().int();

/** Group names, counts and members show on the group pages, the book's group filter and contact pages. */
function revalidateGroupPages() {
  revalidatePath("/groups", "layout");
  revalidatePath("/contacts", "layout");
}

const saveNewGroup = userAction(createGroupSchema, async (ctx, input) => (await createGroup(ctx, input)).id);
const removeGroup = userAction(z.object({ id: groupId }), async (ctx, { id }) => deleteGroup(ctx, id));

/** A new group opens on its own page, where members are added. */
export async function createGroupAction(input: z.input<typeof createGroupSchema>): Promise<ActionResult<number>> {
  const result = await saveNewGroup(input);
  if (!result.ok) return result;
  revalidateGroupPages();
  await flash("Group created");
  redirect(`/groups/${result.data}`);
}

export const updateGroupAction = userAction(updateGroupSchema.extend({ id: groupId }), async (ctx, { id, ...input }) => {
  const group = await updateGroup(ctx, id, input);
  revalidateGroupPages();
  return { id: group.id };
});

export async function deleteGroupAction(input: { id: number }): Promise<ActionResult<undefined>> {
  const result = await removeGroup(input);
  if (!result.ok) return result;
  revalidateGroupPages();
  await flash("Group deleted");
  redirect("/groups");
}

export const addGroupMembersAction = userAction(addContactsToGroupSchema.extend({ group_id: groupId }), async (ctx, input) => {
  const result = await addContactsToGroup(ctx, input.group_id, input.contact_ids);
  revalidateGroupPages();
  return result;
});

const membershipSchema = z.object({ group_id: groupId, contact_id: z.string() });

export const addContactToGroupAction = userAction(membershipSchema, async (ctx, input) => {
  await addContactToGroup(ctx, input.group_id, input.contact_id);
  revalidateGroupPages();
  return null;
});

export const removeContactFromGroupAction = userAction(membershipSchema, async (ctx, input) => {
  await removeContactFromGroup(ctx, input.group_id, input.contact_id);
  revalidateGroupPages();
  return null;
});
