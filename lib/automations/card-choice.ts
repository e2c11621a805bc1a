// Plain functions with no server imports: the automation form (a client component) picks its
// cards through them.
import type { InsideLook } from "@/lib/cards/artwork/inside-look";

type Event = "birthday" | "anniversary" | "spouse_birthday" | "child_birthday" | "pet_birthday";

/** A card of the automation form: its picture for the picker, its inside for the preview. */
export type FormCard = {
  id: number;
  name: string;
  priceCents: number;
  look: InsideLook;
  /** Site-relative URL of its list picture, null without one. */
  picture: string | null;
  /** Slugs of its occasions. */
  occasions: string[];
  /** A box of cards is shipped to the buyer, not mailed to a recipient: no automation's card. */
  isBox: boolean;
};

const OCCASION_OF_EVENT: Record<Event, string> = {
  birthday: "birthday",
  spouse_birthday: "birthday",
  child_birthday: "birthday",
  pet_birthday: "birthday",
  anniversary: "anniversary",
};

/**
 * The cards the picker offers for the automation's events: those made for one of their
 * occasions (birthday, anniversary), no boxes; every card when the person asks for all. The
 * card already chosen is always among them, first when the filter would leave it out, so that
 * ticking another event never silently changes what was chosen.
 */
export function cardsForEvents(cards: readonly FormCard[], events: readonly Event[], chosenId: number | null, showAll: boolean): FormCard[] {
  if (showAll) return [...cards];
  const wanted = new Set(events.map((event) => OCCASION_OF_EVENT[event]));
  const fitting = cards.filter((card) => !card.isBox && card.occasions.some((occasion) => wanted.has(occasion)));
  const chosen = cards.find((card) => card.id === chosenId);
  return chosen && !fitting.includes(chosen) ? [chosen, ...fitting] : fitting;
}

/** The occasions of the events in words ("birthdays and anniversaries"), null for no event. */
export function occasionsInWords(events: readonly Event[]): string | null {
  const wanted = new Set(events.map((event) => OCCASION_OF_EVENT[event]));
  const words = [wanted.has("birthday") ? "birthdays" : null, wanted.has("anniversary") ? "anniversaries" : null].filter((word) => word !== null);
  return words.length === 0 ? null : words.join(" and ");
}
