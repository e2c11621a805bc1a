"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { reissueSession } from "@/auth";
import { userAction } from "@/app/_lib/action";
import { changePassword } from "@/lib/account/password";
import { updateReturnAddress, updateReturnAddressSchema } from "@/lib/account/return-address";
import { changePasswordSchema, updateShippingAddressSchema } from "@/lib/account/schema";
import { updateShippingAddress } from "@/lib/account/service";
import { revokeToken } from "@/lib/auth/tokens";
import { notFound } from "@/lib/errors";

export const updateReturnAddressAction = userAction(updateReturnAddressSchema, async (ctx, input) => {
  await updateReturnAddress(ctx, input);
  revalidatePath("/account");
  return undefined;
});

export const updateShippingAddressAction = userAction(updateShippingAddressSchema, async (ctx, input) => {
  await updateShippingAddress(ctx, input);
  revalidatePath("/account");
  return undefined;
});

export const revokeTokenAction = userAction(z.object({ token_id: z.uuid() }), async (ctx, input) => {
  const revoked = await revokeToken(ctx.db, ctx.user.id, input.token_id);
  if (!revoked) throw notFound("This token was already revoked.");
  revalidatePath("/account");
  return undefined;
});

// Every other session of the account ends; this browser's is re-issued, so it stays signed in.
export const changePasswordAction = userAction(changePasswordSchema, async (ctx, input) => {
  const { sessionVersion } = await changePassword(ctx, input);
  await reissueSession(ctx.user.id, sessionVersion);
  return undefined;
});
