"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { reissueSession, signOut } from "@/auth";
import { userAction, type ActionResult } from "@/app/_lib/action";
import { deleteAccount } from "@/lib/account/delete";
import { changePassword } from "@/lib/account/password";
import { returnAddressStepSchema, updateReturnAddress, updateReturnAddressSchema } from "@/lib/account/return-address";
import { changePasswordSchema, deleteAccountSchema, updateAccountSettingsSchema, updateShippingAddressSchema } from "@/lib/account/schema";
import { clientIpFromHeaders } from "@/lib/api/http";
import { updateAccountSettings, updateShippingAddress } from "@/lib/account/service";

export const updateReturnAddressAction = userAction(updateReturnAddressSchema, async (ctx, input) => {
  await updateReturnAddress(ctx, input);
  revalidatePath("/account");
  return undefined;
});

/** The return address step after sign-up: the postal address is required there. */
export const saveReturnAddressStepAction = userAction(returnAddressStepSchema, async (ctx, input) => {
  await updateReturnAddress(ctx, input);
  revalidatePath("/account");
  return undefined;
});

export const updateShippingAddressAction = userAction(updateShippingAddressSchema, async (ctx, input) => {
  await updateShippingAddress(ctx, input);
  revalidatePath("/account");
  return undefined;
});

// Every other session of the account ends; this browser's is re-issued, so it stays signed in.
const savePassword = userAction(changePasswordSchema, async (ctx, input) => {
  const { sessionVersion } = await changePassword(ctx, input, clientIpFromHeaders(await headers()));
  await reissueSession(ctx.user.id, sessionVersion);
  return undefined;
});

/**
 * On success the account page is loaded again by a redirect, in a request that carries the
 * re-issued session cookie: re-rendered within this action's own request, it could still see the
 * cookie the change has just ended, and send this browser to sign in.
 */
export async function changePasswordAction(input: z.input<typeof changePasswordSchema>): Promise<ActionResult<undefined>> {
  const result = await savePassword(input);
  if (!result.ok) return result;
  redirect("/account?password=changed");
}

// The whole signed-in area shows the name and formats times in the zone: all of it is stale.
export const updateAccountSettingsAction = userAction(updateAccountSettingsSchema, async (ctx, input) => {
  await updateAccountSettings(ctx, input);
  revalidatePath("/", "layout");
  return undefined;
});

const removeAccount = userAction(deleteAccountSchema, async (ctx, input) => {
  await deleteAccount(ctx, input, clientIpFromHeaders(await headers()));
  return undefined;
});

/** Deletes the account, then clears this browser's session cookie and says so on the sign-in page. */
export async function deleteAccountAction(input: z.input<typeof deleteAccountSchema>): Promise<ActionResult<undefined>> {
  const result = await removeAccount(input);
  if (!result.ok) return result;
  await signOut({ redirectTo: "/login?deleted=1" });
  return result;
}
