import type { ReactNode } from "react";
import { CALENDAR_KIND_LABELS, type CalendarEntryKind } from "@/lib/events/wording";
import { cn } from "@/components/ui/cn";
import { AutomatedIcon } from "./automated-badge";

const KIND_TONES: Record<CalendarEntryKind, string> = {
  birthday: "bg-rose-100 text-rose-800",
  anniversary: "bg-amber-100 text-amber-900",
  spouse: "bg-violet-100 text-violet-800",
  child: "bg-sky-100 text-sky-800",
  pet: "bg-emerald-100 text-emerald-800",
};

const PATHS: Record<CalendarEntryKind, ReactNode> = {
  birthday: (
    <>
      <path d="M4 20h16v-6.5A1.5 1.5 0 0 0 18.5 12h-13A1.5 1.5 0 0 0 4 13.5Z" />
      <path d="M4 16c1.6 1.2 3.2 1.2 4.8 0s3.2-1.2 4.8 0 3.2 1.2 4.8 0" />
      <path d="M12 12V8.5" />
      <path d="M12 6.5c1-.9 1-2 0-3-1 1-1 2.1 0 3Z" />
    </>
  ),
  anniversary: (
    <>
      <circle cx="9" cy="14.5" r="5" />
      <circle cx="15" cy="14.5" r="5" />
      <path d="m10.5 6.5 1.5-2.5 1.5 2.5-1.5 1.5Z" />
    </>
  ),
  spouse: <path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7a4.3 4.3 0 0 1 7.5 2.8C19.5 15.4 12 20 12 20Z" />,
  child: (
    <>
      <circle cx="12" cy="7.5" r="3" />
      <path d="M7 20v-2.5a5 5 0 0 1 10 0V20" />
    </>
  ),
  pet: (
    <>
      <circle cx="6.5" cy="10" r="1.8" />
      <circle cx="10" cy="6.2" r="1.8" />
      <circle cx="14" cy="6.2" r="1.8" />
      <circle cx="17.5" cy="10" r="1.8" />
      <path d="M12 11.5c-2.6 0-5 3.3-5 5.6 0 1.6 1.3 2.4 2.7 2.4 1 0 1.5-.5 2.3-.5s1.3.5 2.3.5c1.4 0 2.7-.8 2.7-2.4 0-2.3-2.4-5.6-5-5.6Z" />
    </>
  ),
};

/** The kind's small symbol in its colour; decorative, the entry's text names the kind. */
export function KindIcon({ kind, className }: { kind: CalendarEntryKind; className?: string }) {
  return (
    <span aria-hidden="true" className={cn("inline-grid h-5 w-5 shrink-0 place-items-center rounded-full", KIND_TONES[kind], className)}>
      <svg viewBox="0 0 24 24" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        {PATHS[kind]}
      </svg>
    </span>
  );
}

export function SendIcon({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={cn("h-4 w-4", className)} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3.5 6 8.5 7 8.5-7" />
    </svg>
  );
}

/** The kinds' symbols; with `automated`, the mark of dates an automation mails a card for too. */
export function KindLegend({ automated = false }: { automated?: boolean }) {
  return (
    <ul aria-label="Kinds of events" className="flex flex-wrap gap-x-4 gap-y-2 text-xs text-stone-600">
      {(Object.keys(CALENDAR_KIND_LABELS) as CalendarEntryKind[]).map((kind) => (
        <li key={kind} className="flex items-center gap-1.5">
          <KindIcon kind={kind} />
          {CALENDAR_KIND_LABELS[kind]}
        </li>
      ))}
      {automated ? (
        <li className="flex items-center gap-1.5">
          <AutomatedIcon className="text-emerald-700" />
          A card goes out by itself (automation)
        </li>
      ) : null}
    </ul>
  );
}
