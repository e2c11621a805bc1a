"use server";

import { revalidatePath } from "next/cache";
import { userAction } from "@/app/_lib/action";
import { cardPriceFormSchema, grantCreditFormSchema, setCardActiveSchema, setRecipientStatusFormSchema } from "@/lib/admin/schema";
import { setCardActive, setCardPrice } from "@/lib/admin/service";
import { grantCredit } from "@/lib/credit/service";
import { AppError } from "@/lib/errors";
import { setRecipientStatus } from "@/lib/orders/status-changes";

/** The services name their fields as the API does; the forms name them as people type them. */
async function renamingFields<T>(renames: Record<string, string>, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof AppError) || !error.details.errors) throw error;
    const errors = Object.fromEntries(Object.entries(error.details.errors).map(([key, messages]) => [renames[key] ?? key, messages]));
    throw new AppError(error.code, error.message, { ...error.details, errors });
  }
}

export const setCardActiveAction = userAction(setCardActiveSchema, async (ctx, input) => {
  const card = await setCardActive(ctx, input.card_id, input.is_active);
  revalidatePath("/admin", "layout");
  return { isActive: card.isActive };
});

export const setCardPriceAction = userAction(cardPriceFormSchema, async (ctx, input) => {
  const card = await renamingFields({ price_cents: "price" }, () => setCardPrice(ctx, input.card_id, input.price));
  revalidatePath("/admin/cards");
  return { priceCents: card.priceCents };
});

export const grantCreditAction = userAction(grantCreditFormSchema, async (ctx, input) => {
  const entry = await renamingFields({ amount_cents: "amount" }, () => grantCredit(ctx, input.user_id, input.amount, input.note));
  revalidatePath("/admin/users");
  return { id: entry.id, kind: entry.kind, amountCents: entry.amountCents, balanceAfterCents: entry.balanceAfterCents };
});

export const setRecipientStatusAction = userAction(setRecipientStatusFormSchema, async (ctx, input) => {
  const piece = await setRecipientStatus(ctx, input.order_recipient_id, input.status);
  revalidatePath(`/admin/orders/${input.order_id}`);
  revalidatePath("/admin/orders");
  return { status: piece.status };
});
