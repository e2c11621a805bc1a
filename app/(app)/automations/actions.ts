"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { userAction, type ActionResult } from "@/app/_lib/action";
import { createAutomationSchema, previewUpcomingSchema, updateAutomationSchema } from "@/lib/automations/schema";
import { runDueAutomations } from "@/lib/automations/scheduler";
import { createAutomation, deleteAutomation, getAutomationOrThrow, updateAutomation } from "@/lib/automations/service";
import { previewDueNow, previewUpcoming } from "@/lib/automations/upcoming";
import type { ServiceContext } from "@/lib/context";

const automationId = z.number().int();

/**
 * Automations show on their own pages and mark the calendar's dates they cover; what they send
 * changes the credit every page's header shows.
 */
function revalidateAutomationPages() {
  revalidatePath("/", "layout");
}

/**
 * What an active automation has due goes out before the page comes back, not at the queue's
 * next pass, so that the page shows its run and the credit it took (the pass is safe to run
 * alongside the queue's: each occurrence goes out once).
 */
async function sendDueNow(ctx: ServiceContext, automation: { id: number; active: boolean }) {
  if (automation.active) await runDueAutomations(ctx.db, { automationId: automation.id, waitForOthers: true });
}

const saveNewAutomation = userAction(createAutomationSchema, async (ctx, input) => {
  const automation = await createAutomation(ctx, input);
  await sendDueNow(ctx, automation);
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
  await sendDueNow(ctx, automation);
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

/** What the form's settings would send the moment they are saved active: the form asks before spending it. */
export const previewDueNowAction = userAction(previewUpcomingSchema, (ctx, input) => previewDueNow(ctx, input));

/** What a saved automation would send the moment it is turned on: the list's switch asks before spending it. */
export const dueOnActivationAction = userAction(z.object({ id: automationId }), async (ctx, { id }) => {
  const automation = await getAutomationOrThrow(ctx, id);
  return previewDueNow(ctx, {
    automation_id: automation.id,
    card_id: automation.cardId,
    events: automation.events,
    group_id: automation.groupId,
    message: automation.message,
    days_before: automation.daysBefore,
  });
});
