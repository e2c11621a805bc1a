import Link from "next/link";
import { BrandMark } from "@/components/ui/brand-mark";
import type { ReactNode } from "react";
import { signOutAction } from "@/app/(auth)/actions";
import type { SessionUser } from "@/lib/auth/session-user";
import { formatMoney } from "@/lib/money";
import { MobileMenu } from "./mobile-menu";
import { NavLinks, type NavItem } from "./nav-links";

// Links here prefetch nothing (prefetch={false}): each one in view asked the server for its page
// while this page was still starting, main-thread work that delayed a phone's first interaction.

const MAIN_NAV: NavItem[] = [
  { href: "/", label: "Home", isExact: true },
  { href: "/contacts", label: "Contacts" },
  { href: "/address-requests", label: "Ask friends" },
  { href: "/groups", label: "Groups" },
  { href: "/cards", label: "Cards" },
  { href: "/projects", label: "Projects" },
  { href: "/orders", label: "Orders" },
  { href: "/automations", label: "Automations" },
  { href: "/calendar", label: "Calendar" },
];

export function AppShell({ user, children }: { user: SessionUser | null; children: ReactNode }) {
  const items = user?.isAdmin ? [...MAIN_NAV, { href: "/admin", label: "Admin" }] : MAIN_NAV;
  const accountLinks = user ? (
    <div className="flex items-center gap-3 text-sm">
      <Link prefetch={false} href="/account" className="rounded-md px-2 py-1 font-medium text-stone-700 hover:bg-stone-100">
        {user.username} · <span className="tabular-nums">{formatMoney(user.creditCents)}</span>
      </Link>
      <form action={signOutAction}>
        <button type="submit" className="rounded-md px-2 py-1 font-medium text-stone-600 hover:bg-stone-100 hover:text-stone-900">
          Sign out
        </button>
      </form>
    </div>
  ) : null;
  return (
    <div className="min-h-dvh bg-stone-50">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <header className="relative sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
          <Link prefetch={false} href="/" className="flex shrink-0 items-center gap-2 font-semibold text-stone-900">
            <BrandMark />
            Cardmail
          </Link>
          <nav aria-label="Main" className="hidden lg:block">
            <NavLinks items={items} />
          </nav>
          <div className="hidden lg:block">{accountLinks}</div>
          <MobileMenu items={[...items, { href: "/account", label: "Account", isExact: true }, { href: "/account/developers", label: "Developers" }]} footer={accountLinks} />
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-8">
        {children}
      </main>
    </div>
  );
}
