"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { userAction, type ActionResult } from "@/app/_lib/action";
import { flash } from "@/app/_lib/flash";
import { createAddressRequestSchema, updateAddressRequestSchema } from "@/lib/address-requests/schema";
import { createAddressRequest, deleteAddressRequest, updateAddressRequest } from "@/lib/address-requests/service";
import { acceptSubmission, pendingSubmissionIds, rejectSubmission } from "@/lib/address-requests/submissions";

const id = z.number().int();

/** The links' pages, and the contacts list whose note counts what waits and where accepted people appear. */
function revalidateAddressPages() {
  revalidatePath("/address-requests", "layout");
  revalidatePath("/contacts", "layout");
}

const saveNewRequest = userAction(createAddressRequestSchema, async (ctx, input) => (await createAddressRequest(ctx, input)).id);
const removeRequest = userAction(z.object({ id }), async (ctx, input) => deleteAddressRequest(ctx, input.id));

/** A new link opens on its own page, where it is shared. */
export async function createAddressRequestAction(input: z.input<typeof createAddressRequestSchema>): Promise<ActionResult<number>> {
  const result = await saveNewRequest(input);
  if (!result.ok) return result;
  revalidateAddressPages();
  await flash("Link created");
  redirect(`/address-requests/${result.data}`);
}

export const updateAddressRequestAction = userAction(updateAddressRequestSchema.extend({ id }), async (ctx, { id: requestId, ...input }) => {
  const request = await updateAddressRequest(ctx, requestId, input);
  revalidateAddressPages();
  return { open: request.open };
});

export async function deleteAddressRequestAction(input: { id: number }): Promise<ActionResult<undefined>> {
  const result = await removeRequest(input);
  if (!result.ok) return result;
  revalidateAddressPages();
  await flash("Link deleted");
  redirect("/address-requests");
}

const decisionSchema = z.object({ request_id: id, submission_id: id, decision: z.enum(["accept", "reject"]) });

export const decideSubmissionAction = userAction(decisionSchema, async (ctx, input) => {
  if (input.decision === "accept") await acceptSubmission(ctx, input.request_id, input.submission_id);
  else await rejectSubmission(ctx, input.request_id, input.submission_id);
  revalidateAddressPages();
  return input.decision;
});

/** Every pending submission of the link, oldest first, each in its own transaction: one that fails stops the rest. */
export const decideAllAction = userAction(decisionSchema.omit({ submission_id: true }), async (ctx, input) => {
  let decided = 0;
  try {
    for (const submissionId of await pendingSubmissionIds(ctx, input.request_id)) {
      if (input.decision === "accept") await acceptSubmission(ctx, input.request_id, submissionId);
      else await rejectSubmission(ctx, input.request_id, submissionId);
      decided += 1;
    }
  } finally {
    revalidateAddressPages();
  }
  return decided;
});
