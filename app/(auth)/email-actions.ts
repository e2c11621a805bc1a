"use server";

import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { confirmEmailChange, takeBackAccount } from "@/lib/account/email-change";
import { resetPasswordSchema } from "@/lib/auth/schema";
import type { FieldErrors } from "@/lib/errors";
import { checkInput } from "@/lib/validation";
import { failure } from "@/app/_lib/action";

export type ConfirmEmailState = { message?: string; confirmed?: string };

export async function confirmEmailAction(_state: ConfirmEmailState, form: FormData): Promise<ConfirmEmailState> {
  try {
    const { email } = await confirmEmailChange(await getDb(), form.get("token"));
    return { confirmed: email };
  } catch (error) {
    return { message: failure(error).message };
  }
}

export type TakeBackAccountState = { message?: string; fieldErrors?: FieldErrors };

export async function takeBackAccountAction(_state: TakeBackAccountState, form: FormData): Promise<TakeBackAccountState> {
  const parsed = checkInput(resetPasswordSchema, { token: form.get("token"), password: form.get("password") });
  if (!parsed.ok) return { message: "Please correct the highlighted field.", fieldErrors: parsed.errors };
  try {
    await takeBackAccount(await getDb(), parsed.data);
  } catch (error) {
    return failure(error);
  }
  redirect("/login?account=taken-back");
}
