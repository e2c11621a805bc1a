import { z } from "zod";

export const MAX_MERGED_CONTACTS = 50;

export const mergeContactsSchema = z.object({
  contact_uuids: z
    .array(z.string().max(64))
    .min(1)
    .max(MAX_MERGED_CONTACTS)
    .meta({ description: "The contacts merged into the one in the path and then deleted (the path's own uuid, if listed, is skipped).", example: ["0c5e2a4b-7d1f-4b8e-9a3c-6f2d1e0b9a87"] }),
});
export type MergeContactsInput = z.infer<typeof mergeContactsSchema>;

export const mergeQuerySchema = z.object({
  dry_run: z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((value) => value === "true" || value === "1")
    .meta({ description: "`true` answers the merged contact as it would be saved, and changes nothing." }),
});

export const DUPLICATE_REASONS = ["email", "phone", "name_and_address"] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

export const duplicateReasonSchema = z.enum(DUPLICATE_REASONS).meta({
  description: "What the contacts share: `email` (the same address, case and spaces ignored), `phone` (the same digits, at least 7) or `name_and_address` (first and last name and street address, case and spacing ignored).",
});
