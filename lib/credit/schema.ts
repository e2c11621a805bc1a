import { z } from "zod";
import { dollarsToCents } from "@/lib/money";
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

/** The packs the credit page offers, in cents: $25, $50 and $100. */
export const CREDIT_PACKS_CENTS = [2500, 5000, 10000] as const;
/** A custom amount: $10 to $1,000. */
export const MIN_PURCHASE_CENTS = 1000;
export const MAX_PURCHASE_CENTS = 100_000;

export const PURCHASE_CHOICES = ["25", "50", "100", "custom"] as const;

/**
 * Buying credit, by Stripe Checkout or the demo top-up: one of the packs, or "custom" with an
 * amount in dollars as typed. Turns into the cents to add.
 */
export const buyCreditSchema = z
  .object({
    pack: z.enum(PURCHASE_CHOICES, { error: "Choose how much credit to add." }),
    custom_amount: optionalText(32),
  })
  .transform((input, ctx) => {
    if (input.pack !== "custom") return { amountCents: Number(input.pack) * 100 };
    const range = "between $10 and $1,000";
    if (!input.custom_amount) {
      ctx.addIssue({ code: "custom", path: ["custom_amount"], message: `Enter an amount ${range}.` });
      return z.NEVER;
    }
    const cents = dollarsToCents(input.custom_amount);
    if (cents === undefined) {
      ctx.addIssue({ code: "custom", path: ["custom_amount"], message: "Enter the amount in dollars, like 40 or 40.50." });
      return z.NEVER;
    }
    if (cents < MIN_PURCHASE_CENTS || cents > MAX_PURCHASE_CENTS) {
      ctx.addIssue({ code: "custom", path: ["custom_amount"], message: `The amount must be ${range}.` });
      return z.NEVER;
    }
    return { amountCents: cents };
  });
export type BuyCreditInput = z.input<typeof buyCreditSchema>;
