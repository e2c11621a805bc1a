import Link from "next/link";
import { BrandMark } from "@/components/ui/brand-mark";
import type { ReactNode } from "react";

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center bg-gradient-to-b from-rose-50 to-stone-100 px-4 py-12">
      <Link href="/" className="mb-8 flex items-center gap-2 text-xl font-semibold text-stone-900">
        <BrandMark className="size-9" />
        Cardmail
      </Link>
      <main className="w-full max-w-sm rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">{children}</main>
    </div>
  );
}
