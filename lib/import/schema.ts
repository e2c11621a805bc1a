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
    .meta({ description: "`true` checks the file and answers the same counts and errors, saving nothing, plus `rows` (what each row would do) and `columns`." }),
  on_invalid: z
    .enum(["abort", "skip"])
    .optional()
    .transform((value) => value ?? "abort")
    .meta({ description: "`abort` (the default): any invalid row is a 422 and nothing is saved. `skip`: the valid rows are imported and the invalid ones listed in `skipped`." }),
  date_order: z
    .enum(["mdy", "dmy"])
    .optional()
    .meta({ description: "How to read slashed dates (`3/4/1980`): `mdy` month first, `dmy` day first. Without it a file with any slashed date whose first number is over 12 is read day first, else month first." }),
});

export type ImportQuery = z.infer<typeof importQuerySchema>;
export type DateOrder = "mdy" | "dmy";
