import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { currentUser } from "@/auth";
import { AuthForm } from "@/components/auth/auth-form";
import { signUpAction } from "../actions";

export const metadata: Metadata = { title: "Create your account — Cardmail" };

export default async function SignUpPage() {
  await connection();
  if (await currentUser()) redirect("/");
  return (
    <>
      <h1 className="mb-1 text-xl font-semibold text-stone-900">Create your account</h1>
      <p className="mb-6 text-sm text-stone-600">Keep every birthday, and mail real cards in minutes.</p>
      <AuthForm mode="signup" action={signUpAction} />
    </>
  );
}
