"use client";

import { useState, type ReactNode } from "react";
import { NavLinks, type NavItem } from "./nav-links";

export function MobileMenu({ items, footer }: { items: NavItem[]; footer: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="lg:hidden">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="mobile-nav"
        onClick={() => setOpen((v) => !v)}
        className="inline-flex h-10 items-center rounded-md px-3 text-sm font-medium text-stone-700 hover:bg-stone-100"
      >
        {open ? "Close" : "Menu"}
      </button>
      {open ? (
        <nav id="mobile-nav" aria-label="Main" className="absolute inset-x-0 top-16 z-40 border-b border-stone-200 bg-white px-4 pb-4 shadow-lg">
          <NavLinks items={items} orientation="vertical" onNavigate={() => setOpen(false)} />
          <div className="mt-3 border-t border-stone-200 pt-3">{footer}</div>
        </nav>
      ) : null}
    </div>
  );
}
