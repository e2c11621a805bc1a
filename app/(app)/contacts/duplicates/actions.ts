"use server";

import { z } from "zod";
import { userAction, type ActionResult } from "@/app/_lib/action";
import { previewMerge } from "@/lib/contacts/merge";
import { mergeContactsSchema } from "@/lib/contacts/merge-schema";
import type { ContactJson } from "@/lib/contacts/response";

const previewMergeActionSchema = mergeContactsSchema.extend({ uuid: z.string() });
const preview = userAction(previewMergeActionSchema, async (ctx, { uuid, ...input }) => previewMerge(ctx, uuid, input));

/** The contact a merge would make, saved nowhere: what the duplicates page shows before asking to confirm. */
export async function previewMergeAction(input: z.input<typeof previewMergeActionSchema>): Promise<ActionResult<ContactJson>> {
  return preview(input);
}
