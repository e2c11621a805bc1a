"use client";

import Link, { useLinkStatus } from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/components/ui/cn";

export type NavItem = {
  href: string;
  label: string;
  /** Current on its own page only, not on the pages under it (an area's overview). */
  isExact?: boolean;
};

const LOOKS = {
  menu: {
    row: "items-center",
    link: "block rounded-md px-3 py-2 text-sm font-medium",
    current: "bg-rose-50 text-rose-800",
    other: "text-stone-700 hover:bg-stone-100 hover:text-stone-900",
  },
  tabs: {
    row: undefined,
    link: "-mb-px block border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap",
    current: "border-rose-700 text-rose-800",
    other: "border-transparent text-stone-600 hover:border-stone-300 hover:text-stone-900",
  },
};

/**
 * A pulsing dot on the link being followed until its page arrives: the pages that are read
 * first on a phone (home, calendar, address book) come whole, without a loading skeleton that
 * would delay their content on a first visit, so the link itself says the click was taken.
 */
function Pending() {
  const { pending } = useLinkStatus();
  return pending ? <span aria-hidden="true" className="absolute top-1 right-1 size-1.5 animate-pulse rounded-full bg-rose-600" /> : null;
}

export function NavLinks({
  items,
  orientation = "horizontal",
  look = "menu",
  onNavigate,
}: {
  items: NavItem[];
  orientation?: "horizontal" | "vertical";
  look?: keyof typeof LOOKS;
  onNavigate?: () => void;
}) {
  const pathname = usePathname();
  const style = LOOKS[look];
  return (
    <ul className={cn("flex gap-1", orientation === "vertical" ? "flex-col" : style.row)}>
      {items.map((item) => {
        const active = pathname === item.href || (!item.isExact && pathname.startsWith(`${item.href}/`));
        return (
          <li key={item.href}>
            <Link href={item.href} onClick={onNavigate} aria-current={active ? "page" : undefined} className={cn("relative", style.link, active ? style.current : style.other)}>
              {item.label}
              <Pending />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
