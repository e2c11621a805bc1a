import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { currentUser } from "@/auth";
import { AuthForm } from "@/components/auth/auth-form";
import { Alert } from "@/components/ui/feedback";
import { signInAction } from "../actions";

export const metadata: Metadata = { title: "Sign in — Cardmail" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string; deleted?: string; password?: string; account?: string }> }) {
  await connection();
  if (await currentUser()) redirect("/");
  const { next, deleted, password, account } = await searchParams;
  return (
    <>
      {deleted === "1" ? (
        <Alert tone="success" className="mb-4">
          Your account was deleted, and you were signed out.
        </Alert>
      ) : null}
      <h1 className="mb-1 text-xl font-semibold text-stone-900">Sign in</h1>
      <p className="mb-6 text-sm text-stone-600">Welcome back. Your address book and cards are waiting.</p>
      {password === "reset" ? (
        <Alert tone="success" className="mb-4">
          Your password was changed, every session was signed out and your API tokens were revoked. Sign in with the new password.
        </Alert>
      ) : null}
      {account === "taken-back" ? (
        <Alert tone="success" className="mb-4">
          Your account is yours again: its email is back, every session was signed out and its API tokens were revoked. Sign in with the new password.
        </Alert>
      ) : null}
      <AuthForm mode="signin" action={signInAction} next={next} />
      <p className="mt-3 text-center text-sm">
        <Link className="font-medium text-rose-700 underline-offset-2 hover:underline" href="/forgot-password">
          Forgot your password?
        </Link>
      </p>
    </>
  );
}
