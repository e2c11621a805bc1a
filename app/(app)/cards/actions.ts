"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { userAction, type ActionResult } from "@/app/_lib/action";
import { createProjectSchema } from "@/lib/projects/schema";
import { addContactsToProject, createProject } from "@/lib/projects/service";

/** The API's project fields, plus the contact the card was chosen for ("Send a card"). */
const sendCardSchema = createProjectSchema.extend({ for_contact: z.string().max(64).optional() });

const saveProject = userAction(sendCardSchema, async (ctx, { for_contact: forContact, ...input }) => {
  const project = await createProject(ctx, input);
  // Not one of the user's contacts: skipped by the service, the project is still made.
  if (forContact) await addContactsToProject(ctx, project.id, [forContact]);
  return project.id;
});

/** A new project opens on its own page, where its recipients are added. */
export async function createProjectAction(input: z.input<typeof sendCardSchema>): Promise<ActionResult<string>> {
  const result = await saveProject(input);
  if (!result.ok) return result;
  revalidatePath("/projects");
  redirect(`/projects/${result.data}`);
}
