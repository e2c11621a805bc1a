"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { takeBackAccount } from "@/lib/account/email-change";
import { clientIpFromHeaders } from "@/lib/api/http";
import { requestPasswordReset, resetPassword } from "@/lib/auth/password-reset";
import { forgotPasswordSchema, resetPasswordSchema, type ResetPasswordInput } from "@/lib/auth/schema";
import type { FieldErrors } from "@/lib/errors";
import { failure } from "@/app/_lib/action";
import { checkInput } from "@/lib/validation";
import { publicServiceContext, type PublicServiceContext } from "@/lib/context";

export type ForgotPasswordState = { message?: string; fieldErrors?: FieldErrors; email?: string; sentTo?: string };

/** The same answer whether or not an account has the email, and whether or not the request was over the mail limits. */
export async function forgotPasswordAction(_state: ForgotPasswordState, form: FormData): Promise<ForgotPasswordState> {
  const email = String(form.get("email") ?? "");
  const parsed = checkInput(forgotPasswordSchema, { email });
  if (!parsed.ok) return { email, message: "Please enter the email of your account.", fieldErrors: parsed.errors };
  try {
    await requestPasswordReset((await publicServiceContext()).db, parsed.data, clientIpFromHeaders(await headers()));
  } catch (error) {
    return { email, ...failure(error) };
  }
  return { sentTo: parsed.data.email };
}

export type NewPasswordState = { message?: string; fieldErrors?: FieldErrors };

/** The password of a mailed link's form, under the sign-up rules, given to `apply`; then the sign-in page says what happened. */
async function setPasswordThroughLink(form: FormData, apply: (db: PublicServiceContext["db"], input: ResetPasswordInput) => Promise<unknown>, landing: string): Promise<NewPasswordState> {
  const parsed = checkInput(resetPasswordSchema, { token: form.get("token"), password: form.get("password") });
  if (!parsed.ok) return { message: "Please correct the highlighted field.", fieldErrors: parsed.errors };
  try {
    await apply((await publicServiceContext()).db, parsed.data);
  } catch (error) {
    return failure(error);
  }
  redirect(landing);
}

export async function resetPasswordAction(_state: NewPasswordState, form: FormData): Promise<NewPasswordState> {
  return setPasswordThroughLink(form, resetPassword, "/login?password=reset");
}

/** The take-back link of an email change's notice: the old email back, with the new password. */
export async function takeBackAccountAction(_state: NewPasswordState, form: FormData): Promise<NewPasswordState> {
  return setPasswordThroughLink(form, takeBackAccount, "/login?account=taken-back");
}
