import { z } from "zod";

/** The largest file an import takes; the route refuses more with a 413 before reading it all. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_CONTACTS = 10_000;
/**
 * The most a CSV row or a card (its photos aside) may have, in characters: every field of a
 * contact fits, its 10,000-character note even in quoted-printable. A larger one is an error on
 * its row and is not read further, so that no row of a hostile file costs more than a few
 * milliseconds of work without a pause.
 */
export const IMPORT_MAX_RECORD_CHARS = 64 * 1024;

export const importQuerySchema = z.object({
  dry_run: z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((value) => value === "true" || value === "1")
    .meta({ description: "`true` checks the file and answers the same counts and errors, saving nothing." }),
});
