// Plain functions with no imports: the API, the calendar and the contact pages (server and
// client alike) word events through this one module, so they cannot drift apart again.

const EVENT_KINDS = ["birthday", "anniversary", "spouse_birthday", "child_birthday", "pet_birthday"] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** The calendar's short name of each kind, which its icons and colours are keyed by. */
export const CALENDAR_KINDS = {
  birthday: "birthday",
  anniversary: "anniversary",
  spouse_birthday: "spouse",
  child_birthday: "child",
  pet_birthday: "pet",
} as const satisfies Record<EventKind, string>;
export type CalendarEntryKind = (typeof CALENDAR_KINDS)[EventKind];

/** Who stands in when a family member has no name on record. */
const UNNAMED: Record<EventKind, string | null> = {
  birthday: null,
  anniversary: null,
  spouse_birthday: "Spouse",
  child_birthday: "Child",
  pet_birthday: "Pet",
};

const clean = (value: string | null | undefined) => value?.trim() || null;

/** "Jane Smith": the given parts, blank ones left out. */
export function joinName(...parts: (string | null | undefined)[]): string {
  return parts.map(clean).filter(Boolean).join(" ");
}

/** Always 's, after an s too: "James's birthday", as the API has always written it. */
export function possessive(name: string): string {
  return `${name}'s`;
}

/**
 * "James's birthday", "Jane and John Smith's anniversary". Without a name, the bare noun
 * ("Birthday"), for the contact's own page where whose day it is goes without saying.
 */
export function eventHeadline(kind: EventKind, whose: string | null): string {
  const noun = kind === "anniversary" ? "anniversary" : "birthday";
  return whose ? `${possessive(whose)} ${noun}` : noun.charAt(0).toUpperCase() + noun.slice(1);
}

/** The kind named without anyone's name: "Birthday", "Spouse's birthday", "Pet's birthday". */
export function eventKindLabel(kind: EventKind): string {
  return eventHeadline(kind, UNNAMED[kind]);
}

export const CALENDAR_KIND_LABELS = Object.fromEntries(EVENT_KINDS.map((kind) => [CALENDAR_KINDS[kind], eventKindLabel(kind)])) as Record<
  CalendarEntryKind,
  string
>;

/** "turns 8", "15 years", "1 year"; null when the year is unknown. */
export function yearsText(kind: EventKind | CalendarEntryKind, years: number | null): string | null {
  if (years === null) return null;
  return kind === "anniversary" ? `${years} year${years === 1 ? "" : "s"}` : `turns ${years}`;
}

/** How the family member relates to the contact: "spouse", "child", "dog"; null for the contact's own days. */
export function relationWord(kind: EventKind, petType?: string | null): string | null {
  switch (kind) {
    case "spouse_birthday":
      return "spouse";
    case "child_birthday":
      return "child";
    case "pet_birthday":
      return clean(petType) ?? "pet";
    default:
      return null;
  }
}

/** One event and the people in it, as read from the address book. */
export type EventPeople = {
  kind: EventKind;
  firstName: string;
  lastName: string;
  spouseFirstName: string | null;
  spouseLastName: string | null;
  /** The child's or pet's name. */
  name: string | null;
  /** The pet's kind ("dog"). */
  petType: string | null;
};

export type EventWords = {
  /** Whose day it is: the contact, the couple, the spouse, the child or the pet. */
  whose: string;
  /** "child of Jane Smith", "Jane Smith's dog"; null for the contact's own events. */
  relation: string | null;
  /** The API's sentence: "Emma's birthday (child of Jane Smith, turns 8)". */
  text: string;
};

/** The API's text of an event and the parts of it the calendar shows separately. */
export function describeEvent(event: EventPeople, years: number | null): EventWords {
  const contact = joinName(event.firstName, event.lastName);
  const spouseFirst = clean(event.spouseFirstName);
  const spouseLast = clean(event.spouseLastName);
  let whose: string;
  let relation: string | null = null;
  switch (event.kind) {
    case "birthday":
      whose = contact;
      break;
    case "anniversary":
      if (!spouseFirst) whose = contact;
      else if (!spouseLast || spouseLast === clean(event.lastName)) whose = `${joinName(event.firstName)} and ${joinName(spouseFirst, event.lastName)}`;
      else whose = `${contact} and ${joinName(spouseFirst, spouseLast)}`;
      break;
    case "spouse_birthday":
      whose = spouseFirst ? joinName(spouseFirst, spouseLast ?? event.lastName) : `${possessive(contact)} spouse`;
      relation = spouseFirst ? `spouse of ${contact}` : null;
      break;
    case "child_birthday":
      whose = clean(event.name) ?? UNNAMED.child_birthday!;
      relation = `child of ${contact}`;
      break;
    case "pet_birthday":
      whose = clean(event.name) ?? UNNAMED.pet_birthday!;
      relation = `${possessive(contact)} ${relationWord(event.kind, event.petType)}`;
      break;
  }
  const details = [relation, yearsText(event.kind, years)].filter(Boolean);
  const headline = eventHeadline(event.kind, whose);
  return { whose, relation, text: details.length ? `${headline} (${details.join(", ")})` : headline };
}
