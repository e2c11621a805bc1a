import { daysInMonth, type EventDate } from "./dates";
import { eventHeadline, eventKindLabel, relationWord, type EventKind } from "./wording";

export type UpcomingKind = EventKind;

export type UpcomingEvent = {
  kind: UpcomingKind;
  /** Whose day it is, in words: "Birthday", "Anniversary", "Maria's birthday". */
  label: string;
  /** Who that is, when it is not the contact: "spouse", "child", "dog". */
  relation: string | null;
  date: EventDate;
  daysAway: number;
  /** Age reached or years married on that date, when the year is known. */
  years: number | null;
};

type Dated = { birthMonth: number | null; birthDay: number | null; birthYear: number | null };

/** The fields of a contact (with its family) that carry dates; a ContactWithFamily fits. */
export type DatedContact = Dated & {
  anniversaryMonth: number | null;
  anniversaryDay: number | null;
  anniversaryYear: number | null;
  spouseFirstName: string | null;
  spouseBirthMonth: number | null;
  spouseBirthDay: number | null;
  spouseBirthYear: number | null;
  children: (Dated & { firstName: string })[];
  pets: (Dated & { name: string; secondaryType: string | null })[];
};

const DAY_MS = 86_400_000;

/** The calendar day of an instant in UTC, the time zone event dates are kept in. */
export function utcToday(now: Date = new Date()): EventDate {
  return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, day: now.getUTCDate() };
}

function dayNumber(date: EventDate): number {
  return Date.UTC(date.year, date.month - 1, date.day) / DAY_MS;
}

/**
 * The next time a yearly date comes round, today included. A day past the month's end
 * (Feb 29 in a common year) falls on the month's last day, as in the calendar.
 */
export function nextOccurrence(month: number, day: number, today: EventDate): EventDate {
  const inYear = (year: number): EventDate => ({ year, month, day: Math.min(day, daysInMonth(year, month)) });
  const thisYear = inYear(today.year);
  return dayNumber(thisYear) >= dayNumber(today) ? thisYear : inYear(today.year + 1);
}

/**
 * The contact's yearly dates (own birthday, anniversary, spouse's, children's and pets'
 * birthdays) from today on, nearest first. Dates without a month or day are left out.
 */
export function upcomingContactEvents(contact: DatedContact, today: EventDate = utcToday()): UpcomingEvent[] {
  const events: UpcomingEvent[] = [];
  const add = (kind: UpcomingKind, label: string, relation: string | null, dated: Dated) => {
    if (dated.birthMonth === null || dated.birthDay === null) return;
    if (dated.birthMonth < 1 || dated.birthMonth > 12 || dated.birthDay < 1 || dated.birthDay > 31) return;
    const date = nextOccurrence(dated.birthMonth, dated.birthDay, today);
    const years = dated.birthYear !== null && date.year - dated.birthYear > 0 ? date.year - dated.birthYear : null;
    events.push({ kind, label, relation, date, daysAway: dayNumber(date) - dayNumber(today), years });
  };

  add("birthday", eventHeadline("birthday", null), null, contact);
  add("anniversary", eventHeadline("anniversary", null), null, {
    birthMonth: contact.anniversaryMonth,
    birthDay: contact.anniversaryDay,
    birthYear: contact.anniversaryYear,
  });
  const spouse = contact.spouseFirstName?.trim();
  add("spouse_birthday", spouse ? eventHeadline("spouse_birthday", spouse) : eventKindLabel("spouse_birthday"), spouse ? relationWord("spouse_birthday") : null, {
    birthMonth: contact.spouseBirthMonth,
    birthDay: contact.spouseBirthDay,
    birthYear: contact.spouseBirthYear,
  });
  for (const child of contact.children) add("child_birthday", eventHeadline("child_birthday", child.firstName), relationWord("child_birthday"), child);
  for (const pet of contact.pets) add("pet_birthday", eventHeadline("pet_birthday", pet.name), relationWord("pet_birthday", pet.secondaryType), pet);

  return events.sort((a, b) => a.daysAway - b.daysAway);
}

/** "today", "tomorrow", "in 12 days". */
export function daysAwayText(days: number): string {
  if (days === 0) return "today";
  if (days === 1) return "tomorrow";
  return `in ${days} days`;
}

/** Whole years from a birth date to today, or null when the year or date is unknown or in the future. */
export function ageOn(birth: { month: number | null; day: number | null; year: number | null }, today: EventDate = utcToday()): number | null {
  if (birth.year === null) return null;
  let age = today.year - birth.year;
  if (birth.month !== null && (today.month < birth.month || (today.month === birth.month && birth.day !== null && today.day < birth.day))) age -= 1;
  return age >= 0 ? age : null;
}
