import { z } from "zod";
import { cursorQuery, perPageQuery } from "@/lib/paging";
import { optionalText } from "@/lib/validation";

/** The account page's credit history: newest first, keyset on the ledger id. */
export const listLedgerQuerySchema = z.object({
  cursor: cursorQuery(),
  per_page: perPageQuery(),
});
export type ListLedgerQuery = z.infer<typeof listLedgerQuerySchema>;

/** Largest single grant or adjustment, in cents ($1,000,000), well inside the integer column. */
export const MAX_GRANT_CENTS = 100_000_000;

/** An admin granting credit (positive) or adjusting it down (negative). */
export const grantCreditSchema = z.object({
  amount_cents: z
    .number()
    .int()
    .min(-MAX_GRANT_CENTS)
    .max(MAX_GRANT_CENTS)
    .refine((value) => value !== 0, { message: "The amount cents field must not be zero." }),
  note: optionalText(500),
});
export type GrantCreditInput = z.infer<typeof grantCreditSchema>;
