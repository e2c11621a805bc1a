import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { currentUser } from "@/auth";
import { AuthForm } from "@/components/auth/auth-form";
import { Alert } from "@/components/ui/feedback";
import { signInAction } from "../actions";

export const metadata: Metadata = { title: "Sign in — Cardmail" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string; deleted?: string }> }) {
  await connection();
  if (await currentUser()) redirect("/contacts");
  const { next, deleted } = await searchParams;
  return (
    <>
      {deleted === "1" ? (
        <Alert tone="success" className="mb-4">
          Your account was deleted, and you were signed out.
        </Alert>
      ) : null}
      <h1 className="mb-1 text-xl font-semibold text-stone-900">Sign in</h1>
      <p className="mb-6 text-sm text-stone-600">Welcome back. Your address book and cards are waiting.</p>
      <AuthForm mode="signin" action={signInAction} next={next} />
    </>
  );
}
