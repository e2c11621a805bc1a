import { z } from "zod";

/** The largest file an import takes; the route refuses more with a 413 before reading it all. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_CONTACTS = 10_000;

export const importQuerySchema = z.object({
  dry_run: z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((value) => value === "true" || value === "1")
    .meta({ description: "`true` checks the file and answers the same counts and errors, saving nothing." }),
});
