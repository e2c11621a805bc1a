"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { userAction, type ActionResult } from "@/app/_lib/action";
import { createAutomationSchema, previewUpcomingSchema, updateAutomationSchema } from "@/lib/automations/schema";
import { createAutomation, deleteAutomation, previewUpcoming, updateAutomation } from "@/lib/automations/service";

const automationId = z.number().int();

/** Automations show on their own pages and mark the calendar's dates they cover. */
function revalidateAutomationPages() {
  revalidatePath("/automations", "layout");
  revalidatePath("/calendar");
}

const saveNewAutomation = userAction(createAutomationSchema, async (ctx, input) => {
  const automation = await createAutomation(ctx, input);
  return automation.id;
});
const removeAutomation = userAction(z.object({ id: automationId }), async (ctx, { id }) => deleteAutomation(ctx, id));

/** A new automation opens on its own page, with what it will send and its runs. */
export async function createAutomationAction(input: z.input<typeof createAutomationSchema>): Promise<ActionResult<number>> {
  const result = await saveNewAutomation(input);
  if (!result.ok) return result;
  revalidateAutomationPages();
  redirect(`/automations/${result.data}`);
}

export const updateAutomationAction = userAction(updateAutomationSchema.extend({ id: automationId }), async (ctx, { id, ...input }) => {
  const automation = await updateAutomation(ctx, id, input);
  revalidateAutomationPages();
  return { id: automation.id, active: automation.active };
});

export async function deleteAutomationAction(input: { id: number }): Promise<ActionResult<undefined>> {
  const result = await removeAutomation(input);
  if (!result.ok) return result;
  revalidateAutomationPages();
  redirect("/automations");
}

/** The upcoming sends and their cost of the form's settings as they are edited, before saving. */
export const previewUpcomingAction = userAction(previewUpcomingSchema, (ctx, input) => previewUpcoming(ctx, input));
