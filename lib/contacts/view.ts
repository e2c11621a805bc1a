// What the contact pages show, shaped from a contact: imported by client components too, so
// nothing server-only here.
import { MONTH_NAMES, type EventDate } from "@/lib/events/dates";
import { daysAwayText, upcomingContactEvents, utcToday } from "@/lib/events/upcoming";
import type { ContactWithFamily } from "./mapper";

export const MONTHS = MONTH_NAMES;

/** "March 14, 1980", "March 14" (year unknown), "March" (month only), or null when unset. */
export function partialDate(month: number | null, day: number | null, year: number | null): string | null {
  const monthName = month !== null ? MONTHS[month - 1] : undefined;
  if (!monthName) return year !== null ? String(year) : null;
  if (day === null) return year !== null ? `${monthName} ${year}` : monthName;
  return year !== null ? `${monthName} ${day}, ${year}` : `${monthName} ${day}`;
}

/** What a row of the address book shows; built on the server for every page of the list. */
export type ContactListItem = {
  uuid: string;
  name: string;
  company: string | null;
  email: string | null;
  phone: string | null;
  place: string | null;
  /** The nearest family date within a month, e.g. "Birthday in 3 days". */
  next: { text: string; isSoon: boolean } | null;
  /** Listed for a picker: whether the contact is already on its project or in its group. */
  included?: boolean;
};

export type ContactListPage = { items: ContactListItem[]; nextCursor: string | null };

/** Rows load 20 at a time: a screenful on a desktop, a few on a phone. */
export const CONTACTS_PER_PAGE = 20;
const BADGE_WITHIN_DAYS = 30;

export function contactName(contact: Pick<ContactWithFamily, "prefix" | "firstName" | "middleName" | "lastName">): string {
  return [contact.prefix, contact.firstName, contact.middleName, contact.lastName].filter((part) => part && part.trim() !== "").join(" ");
}

export function toContactListItem(contact: ContactWithFamily, today: EventDate = utcToday()): ContactListItem {
  const [nearest] = upcomingContactEvents(contact, today);
  const place = [contact.city, contact.state].filter(Boolean).join(", ");
  return {
    uuid: contact.id,
    name: contactName(contact),
    company: contact.company,
    email: contact.email,
    phone: contact.phone,
    place: place || null,
    next:
      nearest && nearest.daysAway <= BADGE_WITHIN_DAYS
        ? { text: `${nearest.label} ${daysAwayText(nearest.daysAway)}`, isSoon: nearest.daysAway <= 7 }
        : null,
  };
}
