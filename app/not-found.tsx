import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center px-6 text-center">
      <p className="font-serif text-6xl text-brand-600">404</p>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">This page does not exist</h1>
      <p className="mt-3 text-stone-600">The address may be mistyped, or the page may have moved.</p>
      <Link
        href="/"
        className="mt-8 rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-brand-700"
      >
        Back to the home page
      </Link>
    </main>
  );
}
