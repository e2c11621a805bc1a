import Link from "next/link";
import { cn } from "@/components/ui/cn";

// Links here prefetch nothing (prefetch={false}): each one in view asked the server for its page
// while this page was still starting, main-thread work that delayed a phone's first interaction.

export function AutomatedIcon({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={cn("h-3.5 w-3.5", className)} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M20 12a8 8 0 0 1-14.2 5" />
      <path d="M4 12a8 8 0 0 1 14.2-5" />
      <path d="M18.5 3v4h-4" />
      <path d="M5.5 21v-4h4" />
    </svg>
  );
}

/** "Automated: Family birthdays": an active automation mails the card for this date by itself. */
export function automatedText(names: readonly string[]): string {
  return `Automated: ${names.join(", ")}`;
}

/**
 * Marks a calendar entry an active automation sends a card for. `compact` is the month grid's
 * icon (its words for screen readers and as a tooltip); otherwise a small badge with the name.
 */
export function AutomatedBadge({ names, compact = false }: { names?: readonly string[]; compact?: boolean }) {
  if (!names || names.length === 0) return null;
  const text = automatedText(names);
  if (compact) {
    return (
      <span title={text} className="grid h-6 w-5 shrink-0 place-items-center text-emerald-700">
        <AutomatedIcon />
        <span className="sr-only">{text}</span>
      </span>
    );
  }
  return (
    <span className="mt-1 inline-flex max-w-full items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200">
      <AutomatedIcon className="h-3 w-3 shrink-0" />
      <span className="truncate">{text}</span>
    </span>
  );
}

/** "Too late for Family birthdays": an active automation is for this date, but no card of its can arrive by it. */
export function tooLateText(names: readonly string[]): string {
  return `Too late for ${names.join(", ")}`;
}

/**
 * Marks a calendar entry its automations are too late for, with "Send a card now" (the
 * calendar's send flow, `href`). `compact` is the month grid's: one small link, its words for
 * screen readers and as a tooltip; otherwise a badge and the link beside it.
 */
export function TooLateMark({ names, href, about, compact = false }: { names?: readonly string[]; href: string; about: string; compact?: boolean }) {
  if (!names || names.length === 0) return null;
  const text = tooLateText(names);
  if (compact) {
    return (
      <Link prefetch={false}
        href={href}
        title={`${text}: send a card now`}
        aria-label={`${text}: send a card now for ${about}`}
        className="grid h-6 w-5 shrink-0 place-items-center rounded-md text-amber-800 hover:bg-amber-100"
      >
        <span aria-hidden="true" className="text-sm leading-none font-bold">
          !
        </span>
      </Link>
    );
  }
  return (
    <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
      <span className="inline-flex max-w-full items-center rounded-full bg-amber-50 px-2 py-0.5 font-medium text-amber-900 ring-1 ring-amber-200">
        <span className="truncate">{text}</span>
      </span>
      <Link prefetch={false} href={href} aria-label={`Send a card now for ${about}`} className="font-medium text-rose-700 underline hover:text-rose-900">
        Send a card now
      </Link>
    </span>
  );
}
