import { NavLinks, type NavItem } from "@/components/layout/nav-links";

const ITEMS: NavItem[] = [
  { href: "/admin", label: "Overview", isExact: true },
  { href: "/admin/cards", label: "Cards" },
  { href: "/admin/users", label: "Users" },
  { href: "/admin/orders", label: "Orders" },
  { href: "/admin/print-batches", label: "Print batches" },
  { href: "/admin/jobs", label: "Jobs" },
  { href: "/admin/mail", label: "Mail" },
];

export function AdminNav() {
  return (
    <nav aria-label="Admin" className="-mx-4 mb-6 overflow-x-auto border-b border-stone-200 px-4 sm:mx-0 sm:px-0">
      <NavLinks items={ITEMS} look="tabs" />
    </nav>
  );
}
