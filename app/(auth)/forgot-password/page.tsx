import type { Metadata } from "next";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";

export const metadata: Metadata = { title: "Forgot your password — Cardmail" };

export default function ForgotPasswordPage() {
  return (
    <>
      <h1 className="mb-1 text-xl font-semibold text-stone-900">Forgot your password?</h1>
      <p className="mb-6 text-sm text-stone-600">Enter the email of your account and we will mail you a link to choose a new one.</p>
      <ForgotPasswordForm />
    </>
  );
}
