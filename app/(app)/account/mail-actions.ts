"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { z } from "zod";
import { userAction } from "@/app/_lib/action";
import { cancelEmailChange, requestEmailChange } from "@/lib/account/email-change";
import { changeEmailSchema, reminderWindowSchema } from "@/lib/account/schema";
import { setReminderWindow } from "@/lib/account/service";
import { clientIpFromHeaders } from "@/lib/api/http";

export const requestEmailChangeAction = userAction(changeEmailSchema, async (ctx, input) => {
  const pending = await requestEmailChange(ctx, input, clientIpFromHeaders(await headers()));
  revalidatePath("/account");
  return { email: pending.email };
});

export const cancelEmailChangeAction = userAction(z.object({}), async (ctx) => {
  await cancelEmailChange(ctx);
  revalidatePath("/account");
  return undefined;
});

export const setReminderWindowAction = userAction(reminderWindowSchema, async (ctx, input) => {
  await setReminderWindow(ctx, input);
  revalidatePath("/account");
  return undefined;
});
