import { z } from "zod";
import { MAX_GRANT_CENTS } from "@/lib/credit/schema";
import { MAX_SERIAL_ID, serialIdQuery } from "@/lib/ids";
import { dollarsToCents } from "@/lib/money";
import { cursorQuery, perPageQuery } from "@/lib/paging";
import { optionalText, requiredText } from "@/lib/validation";

/** Highest card price an admin can set: $999.99. */
const MAX_CARD_PRICE_CENTS = 99_999;

export { dollarsToCents };

/** A dollar amount typed into a form, checked and turned into cents. */
function dollarField(options: { min: number; max: number; range: string; nonZero?: boolean }) {
  return z.preprocess((value) => (typeof value === "number" ? String(value) : value), requiredText(32)).transform((text, ctx) => {
    const cents = dollarsToCents(text);
    if (cents === undefined) {
      ctx.addIssue({ code: "custom", message: "The :attribute field must be an amount in dollars, like 3.99." });
      return z.NEVER;
    }
    if (cents < options.min || cents > options.max) {
      ctx.addIssue({ code: "custom", message: `The :attribute field must be between ${options.range}.` });
      return z.NEVER;
    }
    if (options.nonZero && cents === 0) {
      ctx.addIssue({ code: "custom", message: "The :attribute field must not be zero." });
      return z.NEVER;
    }
    return cents;
  });
}

/** Admin pages are longer than the API's: an admin scans them rather than syncs them. */
const ADMIN_PER_PAGE = 25;
/** The card grid: whole rows of tiles. */
const ADMIN_CARDS_PER_PAGE = 60;

const adminPageQuery = (defaultPerPage = ADMIN_PER_PAGE) => ({ cursor: cursorQuery(), per_page: perPageQuery(defaultPerPage) });

/** Admin user list: newest accounts first, optionally those whose email or name contains `query`. */
export const listUsersForAdminQuerySchema = z.object({ ...adminPageQuery(), query: optionalText(255) });
export type ListUsersForAdminQuery = z.input<typeof listUsersForAdminQuerySchema>;

export const CARD_STATUS_FILTERS = ["all", "active", "inactive"] as const;
export type CardStatusFilter = (typeof CARD_STATUS_FILTERS)[number];

/** Admin card list: the whole catalog by id, inactive cards included unless filtered out. */
export const listCardsForAdminQuerySchema = z.object({ ...adminPageQuery(ADMIN_CARDS_PER_PAGE), status: z.enum(CARD_STATUS_FILTERS).optional() });
export type ListCardsForAdminQuery = z.input<typeof listCardsForAdminQuerySchema>;

/** Admin order list: newest first, of every user or of one. */
export const listOrdersForAdminQuerySchema = z.object({ ...adminPageQuery(), user_id: serialIdQuery().optional() });
export type ListOrdersForAdminQuery = z.input<typeof listOrdersForAdminQuerySchema>;

export const setCardActiveSchema = z.object({ card_id: z.number().int().min(1), is_active: z.boolean() });
export type SetCardActiveInput = z.input<typeof setCardActiveSchema>;

/** The service's price: integer cents, 0 to 99,999. */
export const setCardPriceSchema = z.object({ price_cents: z.number().int().min(0).max(MAX_CARD_PRICE_CENTS) });

/** The admin's price form: dollars as typed, 0.00 to 999.99. */
export const cardPriceFormSchema = z.object({
  card_id: z.number().int().min(1),
  price: dollarField({ min: 0, max: MAX_CARD_PRICE_CENTS, range: "0.00 and 999.99" }),
});
export type CardPriceFormInput = z.input<typeof cardPriceFormSchema>;

/** The admin's grant form: dollars (negative takes credit back), and why, for the ledger. */
export const grantCreditFormSchema = z.object({
  user_id: z.number().int().min(1).max(MAX_SERIAL_ID),
  amount: dollarField({ min: -MAX_GRANT_CENTS, max: MAX_GRANT_CENTS, range: "-1,000,000.00 and 1,000,000.00", nonZero: true }),
  note: requiredText(500),
});
export type GrantCreditFormInput = z.input<typeof grantCreditFormSchema>;

export const setRecipientStatusFormSchema = z.object({
  order_id: z.number().int().min(1),
  order_recipient_id: z.number().int().min(1),
  status: z.string().min(1).max(32),
});
export type SetRecipientStatusFormInput = z.input<typeof setRecipientStatusFormSchema>;
