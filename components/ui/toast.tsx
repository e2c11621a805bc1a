"use client";

import { usePathname } from "next/navigation";
import { useEffect } from "react";
import { toast, Toaster } from "sonner";
import { FLASH_COOKIE } from "./flash-cookie";

/*
 * Short confirmations ("Message saved", "Order placed") in one place for the whole app. The
 * toasts' region is a polite live region, so a screen reader says each once without moving
 * focus. A server action that redirects leaves its confirmation in a cookie (app/_lib/flash.ts),
 * read here when the next page shows.
 */

/**
 * `quiet`: the same words are already in a status beside the form, which a screen reader says;
 * the toast is then for the eyes only, so it is not said twice.
 */
export function notify(message: string, { quiet = false }: { quiet?: boolean } = {}) {
  toast.custom(
    () => (
      <div aria-hidden={quiet || undefined} data-toast className="flex w-full items-center gap-3 rounded-lg border border-emerald-200 bg-white px-4 py-3 text-sm font-medium text-stone-900 shadow-lg sm:w-[356px]">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 shrink-0 fill-emerald-700">
          <path fillRule="evenodd" d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.7-9.3a1 1 0 0 0-1.4-1.4L9 10.6 7.7 9.3a1 1 0 0 0-1.4 1.4l2 2a1 1 0 0 0 1.4 0l4-4Z" />
        </svg>
        <span>{message}</span>
      </div>
    ),
    { duration: 5000 },
  );
}

function takeFlash(): string | null {
  const entry = document.cookie.split("; ").find((part) => part.startsWith(`${FLASH_COOKIE}=`));
  if (!entry) return null;
  document.cookie = `${FLASH_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  try {
    return decodeURIComponent(entry.slice(FLASH_COOKIE.length + 1)) || null;
  } catch {
    return null;
  }
}

/** Mounted once in the root layout: the toasts' region, and the confirmation a redirect left behind. */
export function Toasts() {
  const pathname = usePathname();
  useEffect(() => {
    const message = takeFlash();
    if (message) notify(message);
  }, [pathname]);
  // At the top, under the sticky header: the bottom of a phone's screen holds the checkout bar.
  return <Toaster position="top-center" containerAriaLabel="Confirmations" offset={{ top: 76 }} mobileOffset={{ top: 68, left: 12, right: 12 }} />;
}
