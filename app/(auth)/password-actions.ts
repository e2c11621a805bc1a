"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { clientIpFromHeaders } from "@/lib/api/http";
import { requestPasswordReset, resetPassword } from "@/lib/auth/password-reset";
import { forgotPasswordSchema, resetPasswordSchema } from "@/lib/auth/schema";
import { AppError, type FieldErrors } from "@/lib/errors";
import { failure } from "@/app/_lib/action";
import { checkInput } from "@/lib/validation";

export type ForgotPasswordState = { message?: string; fieldErrors?: FieldErrors; email?: string; sentTo?: string };

/** The same answer whether or not an account has the email: only the throttling is told apart. */
export async function forgotPasswordAction(_state: ForgotPasswordState, form: FormData): Promise<ForgotPasswordState> {
  const email = String(form.get("email") ?? "");
  const parsed = checkInput(forgotPasswordSchema, { email });
  if (!parsed.ok) return { email, message: "Please enter the email of your account.", fieldErrors: parsed.errors };
  try {
    await requestPasswordReset(await getDb(), parsed.data, clientIpFromHeaders(await headers()));
  } catch (error) {
    if (error instanceof AppError && error.code === "too_many_requests") {
      const minutes = Math.max(1, Math.ceil((error.details.retryAfterSeconds ?? 60) / 60));
      return { email, message: `Too many requests for this email. Please try again in ${minutes === 1 ? "a minute" : `${minutes} minutes`}.` };
    }
    return { email, ...failure(error) };
  }
  return { sentTo: parsed.data.email };
}

export type ResetPasswordState = { message?: string; fieldErrors?: FieldErrors };

export async function resetPasswordAction(_state: ResetPasswordState, form: FormData): Promise<ResetPasswordState> {
  const parsed = checkInput(resetPasswordSchema, { token: form.get("token"), password: form.get("password") });
  if (!parsed.ok) return { message: "Please correct the highlighted field.", fieldErrors: parsed.errors };
  try {
    await resetPassword(await getDb(), parsed.data);
  } catch (error) {
    return failure(error);
  }
  redirect("/login?password=reset");
}
