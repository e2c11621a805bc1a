"use server";

import { revalidatePath } from "next/cache";
import { userAction } from "@/app/_lib/action";
import { demoTopUp, startCheckout } from "@/lib/credit/purchase";
import { z } from "zod";
import type { BuyCreditInput } from "@/lib/credit/schema";

// The services check the choice with buyCreditSchema themselves and name the field at fault.
const buyCreditForm = z.custom<BuyCreditInput>((value) => typeof value === "object" && value !== null);

/** Opens Stripe Checkout: the browser goes to the returned URL, Stripe's payment page. */
export const startCheckoutAction = userAction(buyCreditForm, async (ctx, input) => {
  const { url } = await startCheckout(ctx, input);
  return { url };
});

export const demoTopUpAction = userAction(buyCreditForm, async (ctx, input) => {
  const entry = await demoTopUp(ctx, input);
  revalidatePath("/", "layout");
  return { amountCents: entry.amountCents, balanceCents: entry.balanceAfterCents };
});
