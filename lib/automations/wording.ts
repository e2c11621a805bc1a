// Plain functions with no server imports: the automation pages (server and client alike) word
// events, runs and skip reasons through this one module.
import { formatMoney } from "@/lib/money";

type Event = "birthday" | "anniversary" | "spouse_birthday" | "child_birthday" | "pet_birthday";

export const EVENT_CHOICES: { value: Event; label: string }[] = [
  { value: "birthday", label: "Birthdays" },
  { value: "anniversary", label: "Anniversaries" },
  { value: "spouse_birthday", label: "Spouses' birthdays" },
  { value: "child_birthday", label: "Children's birthdays" },
  { value: "pet_birthday", label: "Pets' birthdays" },
];

const PHRASES: Record<Event, { alone: string; possessive: string | null }> = {
  birthday: { alone: "Birthdays", possessive: null },
  anniversary: { alone: "Anniversaries", possessive: null },
  spouse_birthday: { alone: "Spouses' birthdays", possessive: "spouses'" },
  child_birthday: { alone: "Children's birthdays", possessive: "children's" },
  pet_birthday: { alone: "Pets' birthdays", possessive: "pets'" },
};

const list = (parts: string[]) => (parts.length <= 1 ? parts.join("") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`);

/**
 * The events in words, in the form's order: "Birthdays, anniversaries, spouses', children's and
 * pets' birthdays". Family birthdays share one "birthdays" at the end, unless they come alone.
 */
export function eventsInWords(events: readonly string[]): string {
  const chosen = EVENT_CHOICES.map((c) => c.value).filter((e) => events.includes(e));
  const family = chosen.filter((e) => PHRASES[e].possessive !== null);
  const own = chosen.filter((e) => PHRASES[e].possessive === null).map((e) => PHRASES[e].alone.toLowerCase());
  const parts = family.length === 0 ? own : [...own, ...family.slice(0, -1).map((e) => PHRASES[e].possessive!), `${PHRASES[family.at(-1)!].possessive} birthdays`];
  const text = list(parts);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Whose date an upcoming send is for, in a word: "Birthday", "Child's birthday". */
export const EVENT_SINGULAR: Record<Event, string> = {
  birthday: "Birthday",
  anniversary: "Anniversary",
  spouse_birthday: "Spouse's birthday",
  child_birthday: "Child's birthday",
  pet_birthday: "Pet's birthday",
};

/** Why a run sent nothing, in words: "Not enough credit: $12.00 needed". */
export function skipReasonInWords(reason: string | null, creditNeededCents: number): string {
  if (reason === "insufficient_credit") return `Not enough credit: ${formatMoney(creditNeededCents)} needed`;
  if (reason === "card_unavailable") return "The card is no longer available";
  if (reason === "skipped_on_activation") return "Not sent: these were due when the automation was turned on, and you chose to start with the next date";
  return "Nothing was sent";
}

/** "$23.94 for 6 cards in the next 90 days; your credit is $100.00". */
export function upcomingCostInWords(totalCents: number, count: number, days: number, creditCents: number): string {
  return `${formatMoney(totalCents)} for ${count.toLocaleString("en-US")} ${count === 1 ? "card" : "cards"} in the next ${days} days; your credit is ${formatMoney(creditCents)}`;
}

/**
 * What saving an active automation spends at once: "3 cards go out today for $14.97 (credit
 * $50.00 → $35.03)"; when the credit falls short, that they wait for more.
 */
export function dueNowInWords(count: number, totalCents: number, creditCents: number): string {
  const cards = `${count.toLocaleString("en-US")} ${count === 1 ? "card goes" : "cards go"} out today for ${formatMoney(totalCents)}`;
  if (totalCents > creditCents) return `${cards} (credit ${formatMoney(creditCents)}: not enough, they wait until you add credit)`;
  return `${cards} (credit ${formatMoney(creditCents)} → ${formatMoney(creditCents - totalCents)})`;
}

/** When a card arrives against its date: "2 days early", "1 day early", "on the day itself". */
export function daysEarlyInWords(daysEarly: number): string {
  return daysEarly === 0 ? "on the day itself" : `${daysEarly} ${daysEarly === 1 ? "day" : "days"} early`;
}
