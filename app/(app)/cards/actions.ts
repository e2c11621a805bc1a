"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { userAction, type ActionResult } from "@/app/_lib/action";
import { flash } from "@/app/_lib/flash";
import { hrefWith } from "@/components/cards/send-context";
import { checkoutBodySchema } from "@/lib/orders/schema";
import { createProjectSchema } from "@/lib/projects/schema";
import { addContactsToProject, addGroupToProject, createProject } from "@/lib/projects/service";

/** The API's project fields, plus the contact the card was chosen for ("Send a card"). */
const sendCardSchema = createProjectSchema.extend({
  for_contact: z.string().max(64).optional(),
  for_group: z.number().int().optional(),
  delivery_date: checkoutBodySchema.shape.delivery_date,
});

const saveProject = userAction(sendCardSchema, async (ctx, { for_contact: forContact, for_group: forGroup, delivery_date: _carried, ...input }) => {
  const project = await createProject(ctx, input);
  // Not one of the user's contacts: skipped by the service, the project is still made.
  if (forContact) await addContactsToProject(ctx, project.id, [forContact]);
  // "Send a card to this group": the same as adding the group on the project page.
  const added = forGroup !== undefined ? await addGroupToProject(ctx, project.id, forGroup) : 0;
  return { id: project.id, added };
});

/** A new project opens on its own page, where its recipients are added. */
export async function createProjectAction(input: z.input<typeof sendCardSchema>): Promise<ActionResult<{ id: string; added: number }>> {
  const result = await saveProject(input);
  if (!result.ok) return result;
  revalidatePath("/projects");
  const { id, added } = result.data;
  await flash(added > 0 ? `Project created with ${added} ${added === 1 ? "recipient" : "recipients"} from the group` : "Project created");
  // A delivery date carried from the calendar goes on to the project's checkout.
  redirect(hrefWith(`/projects/${id}`, { delivery_date: input.delivery_date }));
}
