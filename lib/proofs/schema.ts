import { z } from "zod";

export const projectProofQuerySchema = z.object({
  recipient_id: z
    .string()
    .optional()
    .meta({
      description:
        "The `uuid` of one of the project's recipients (as `recipients[].uuid` lists them). Left out: the first recipient who gets the project's message, or a sample person (Alex Morgan) when the project has none.",
    }),
});
export type ProjectProofQuery = z.infer<typeof projectProofQuerySchema>;
