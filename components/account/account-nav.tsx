import { NavLinks, type NavItem } from "@/components/layout/nav-links";

const ITEMS: NavItem[] = [
  { href: "/account", label: "Account", isExact: true },
  { href: "/account/developers", label: "Developers" },
];

export function AccountNav() {
  return (
    <nav aria-label="Account" className="-mx-4 mb-6 overflow-x-auto border-b border-stone-200 px-4 sm:mx-0 sm:px-0">
      <NavLinks items={ITEMS} look="tabs" />
    </nav>
  );
}
