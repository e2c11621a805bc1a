"use server";

import { AuthError } from "next-auth";
import { headers } from "next/headers";
import { signIn, signOut, ThrottledSignin } from "@/auth";
import { clientIpFromHeaders } from "@/lib/api/http";
import { signUp } from "@/lib/auth/login";
import { signUpSchema } from "@/lib/auth/schema";
import { failure } from "@/app/_lib/action";
import { checkInput } from "@/lib/validation";
import type { FieldErrors } from "@/lib/errors";
import { publicServiceContext } from "@/lib/context";

export type AuthFormState = { message?: string; fieldErrors?: FieldErrors; email?: string; username?: string };

function safeNext(value: FormDataEntryValue | null): string {
  const next = typeof value === "string" ? value : "";
  return next.startsWith("/") && !next.startsWith("//") ? next : "/";
}

function waitInWords(seconds: number): string {
  if (seconds <= 60) return "a minute";
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

export async function signInAction(_state: AuthFormState, form: FormData): Promise<AuthFormState> {
  const email = String(form.get("email") ?? "");
  try {
    await signIn("credentials", { email, password: String(form.get("password") ?? ""), redirectTo: safeNext(form.get("next")) });
    return {};
  } catch (error) {
    if (error instanceof ThrottledSignin) return { email, message: `Too many sign-in attempts. Please try again in ${waitInWords(error.retryAfterSeconds)}.` };
    if (error instanceof AuthError) return { email, message: "The email or password is incorrect." };
    throw error; // Next's redirect after a successful sign-in travels as an error.
  }
}

export async function signUpAction(_state: AuthFormState, form: FormData): Promise<AuthFormState> {
  const input = { username: form.get("username"), email: form.get("email"), password: form.get("password"), time_zone: form.get("time_zone") };
  const echo = { email: String(input.email ?? ""), username: String(input.username ?? "") };
  const parsed = checkInput(signUpSchema, input);
  if (!parsed.ok) return { ...echo, message: "Please correct the highlighted fields.", fieldErrors: parsed.errors };
  try {
    await signUp((await publicServiceContext()).db, parsed.data, clientIpFromHeaders(await headers()));
  } catch (error) {
    return { ...echo, ...failure(error) };
  }
  try {
    await signIn("credentials", { email: parsed.data.email, password: parsed.data.password, redirectTo: "/welcome" });
  } catch (error) {
    if (error instanceof AuthError) return { ...echo, message: "Your account was created, but signing in failed. Please sign in." };
    throw error;
  }
  return {};
}

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/login" });
}
