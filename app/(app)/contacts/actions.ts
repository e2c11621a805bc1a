"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { userAction, type ActionResult } from "@/app/_lib/action";
import { flash } from "@/app/_lib/flash";
import { createContactSchema, updateContactSchema } from "@/lib/contacts/schema";
import { mergeContacts } from "@/lib/contacts/merge";
import { mergeContactsSchema } from "@/lib/contacts/merge-schema";
import { createContact, deleteContact, updateContact } from "@/lib/contacts/service";

/** Pages that show a contact's name or dates: the book, groups' member lists, projects, the calendar. */
function revalidateContactPages() {
  revalidatePath("/contacts", "layout");
  revalidatePath("/groups", "layout");
  revalidatePath("/projects", "layout");
  revalidatePath("/calendar");
}

const updateContactActionSchema = updateContactSchema.extend({ uuid: z.string() });

const saveNewContact = userAction(createContactSchema, async (ctx, input) => (await createContact(ctx, input)).id);
const saveContact = userAction(updateContactActionSchema, async (ctx, { uuid, ...input }) => (await updateContact(ctx, uuid, input)).id);
const mergeContactsActionSchema = mergeContactsSchema.extend({ uuid: z.string() });
const merge = userAction(mergeContactsActionSchema, async (ctx, { uuid, ...input }) => (await mergeContacts(ctx, uuid, input)).id);
const removeContact = userAction(z.object({ uuid: z.string() }), async (ctx, { uuid }) => deleteContact(ctx, uuid));

// Redirects happen outside userAction: its error handling would take Next's redirect for a failure.

export async function createContactAction(input: z.input<typeof createContactSchema>): Promise<ActionResult<string>> {
  const result = await saveNewContact(input);
  if (!result.ok) return result;
  revalidateContactPages();
  await flash("Contact added");
  redirect(`/contacts/${result.data}`);
}

export async function updateContactAction(input: z.input<typeof updateContactActionSchema>): Promise<ActionResult<string>> {
  const result = await saveContact(input);
  if (!result.ok) return result;
  revalidateContactPages();
  await flash("Contact saved");
  redirect(`/contacts/${result.data}`);
}

export async function deleteContactAction(input: { uuid: string }): Promise<ActionResult<undefined>> {
  const result = await removeContact(input);
  if (!result.ok) return result;
  revalidateContactPages();
  await flash("Contact deleted");
  redirect("/contacts");
}

/** Merges the contacts of a duplicate group into the one the user keeps. */
export async function mergeContactsAction(input: z.input<typeof mergeContactsActionSchema>): Promise<ActionResult<string>> {
  const result = await merge(input);
  if (result.ok) revalidateContactPages();
  return result;
}
