"use client";

import { usePathname } from "next/navigation";
import { useEffect, useSyncExternalStore } from "react";
import { FLASH_COOKIE } from "./flash-cookie";

/*
 * Short confirmations ("Message saved", "Order placed") in one place for the whole app. The
 * toasts' region is a polite live region, so a screen reader says each once without moving
 * focus. A server action that redirects leaves its confirmation in a cookie (app/_lib/flash.ts),
 * read here when the next page shows. Our own few lines rather than a toast library: this
 * region is on every page, and a library's script cost every page's first load more than the
 * whole of what it did here.
 */

const DURATION_MS = 5000;

type Toast = { id: number; message: string; quiet: boolean };

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function setToasts(next: readonly Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const current = () => toasts;
const none = (): readonly Toast[] => [];

/**
 * `quiet`: the same words are already in a status beside the form, which a screen reader says;
 * the toast is then for the eyes only, so it is not said twice.
 */
export function notify(message: string, { quiet = false }: { quiet?: boolean } = {}) {
  const id = nextId++;
  setToasts([{ id, message, quiet }, ...toasts]);
  setTimeout(() => setToasts(toasts.filter((toast) => toast.id !== id)), DURATION_MS);
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
  const shown = useSyncExternalStore(subscribe, current, none);
  useEffect(() => {
    const message = takeFlash();
    if (message) notify(message);
  }, [pathname]);
  // The region is there before any toast, or a screen reader would not hear the first one. At the
  // top, under the sticky header: the bottom of a phone's screen holds the checkout bar.
  return (
    <section aria-label="Confirmations" aria-live="polite" aria-relevant="additions text" className="pointer-events-none fixed inset-x-3 top-[68px] z-50 sm:inset-x-0 sm:top-[76px]">
      <ol className="flex flex-col items-center gap-2">
        {shown.map((toast) => (
          <li
            key={toast.id}
            aria-hidden={toast.quiet || undefined}
            data-toast
            className="pointer-events-auto flex w-full items-center gap-3 rounded-lg border border-emerald-200 bg-white px-4 py-3 text-sm font-medium text-stone-900 shadow-lg transition-[opacity,translate] duration-300 starting:-translate-y-2 starting:opacity-0 sm:w-[356px]"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 shrink-0 fill-emerald-700">
              <path fillRule="evenodd" d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.7-9.3a1 1 0 0 0-1.4-1.4L9 10.6 7.7 9.3a1 1 0 0 0-1.4 1.4l2 2a1 1 0 0 0 1.4 0l4-4Z" />
            </svg>
            <span>{toast.message}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
