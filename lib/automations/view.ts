import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { artists, automationSends, automations, cardOccasions, cards, contacts, groupContacts, groups, occasions, orderRecipients, type AutomationEvent } from "@/db/schema";
import { CARD_LOOK_COLUMNS } from "@/lib/cards/artwork-service";
import { insideLook } from "@/lib/cards/artwork/inside-look";
import { listPicturePath } from "@/lib/cards/list-picture";
import type { ServiceContext } from "@/lib/context";
import { startOfUtcDay, toDateOnly } from "@/lib/dates";
import type { CalendarMonth } from "@/lib/events/calendar";
import { CALENDAR_KINDS, joinName, type CalendarEntryKind } from "@/lib/events/wording";
import { coverOfDate, type Handled } from "./coverage";
import { listAutomations, type Automation, type AutomationRun } from "./service";
import type { FormCard } from "./card-choice";

/** An automation as its list shows it: with its card's name and picture and its group's name. */
export type AutomationOverview = Automation & { cardName: string; cardPicture: string | null; groupName: string | null };

/** The user's automations, oldest first, with what the list shows beside each. */
export async function listAutomationOverviews(ctx: ServiceContext): Promise<AutomationOverview[]> {
  const list = await listAutomations(ctx);
  if (list.length === 0) return [];
  const [cardRows, groupRows] = await Promise.all([
    ctx.db
      .select({ id: cards.id, name: cards.name, picture: listPicturePath(cards.id) })
      .from(cards)
      .where(inArray(cards.id, [...new Set(list.map((a) => a.cardId))])),
    ctx.db.select({ id: groups.id, name: groups.name }).from(groups).where(eq(groups.userId, ctx.user.id)),
  ]);
  const cardById = new Map(cardRows.map((card) => [card.id, card]));
  const groupById = new Map(groupRows.map((group) => [group.id, group.name]));
  return list.map((automation) => ({
    ...automation,
    cardName: cardById.get(automation.cardId)?.name ?? "Card",
    cardPicture: cardById.get(automation.cardId)?.picture ?? null,
    groupName: automation.groupId === null ? null : (groupById.get(automation.groupId) ?? null),
  }));
}

export type AutomationFormOptions = {
  /** With its picture and occasions for the picker, and its inside's look, so the form draws the message in the card as it is typed. */
  cards: FormCard[];
  groups: { id: number; name: string }[];
};

const formCardColumns = {
  id: cards.id,
  priceCents: cards.priceCents,
  picture: listPicturePath(cards.id),
  occasions: sql<string[]>`array(select ${occasions.slug} from ${cardOccasions} join ${occasions} on ${occasions.id} = ${cardOccasions.occasionId}
    where ${cardOccasions.cardId} = ${cards.id} order by ${occasions.slug})`,
  ...CARD_LOOK_COLUMNS,
};
const toFormCard = ({
  id,
  priceCents,
  picture,
  occasions: occasionSlugs,
  ...card
}: { id: number; priceCents: number; picture: string | null; occasions: string[] } & Parameters<typeof insideLook>[0]): FormCard => ({
  id,
  name: card.name,
  priceCents,
  look: insideLook(card),
  picture,
  occasions: occasionSlugs,
  isBox: card.isBox,
});

/**
 * The choices of the automation form: the catalog's active cards (plus the automation's own card
 * if it was retired since, so editing does not silently change it) and the user's groups.
 */
export async function getAutomationFormOptions(ctx: ServiceContext, currentCardId?: number): Promise<AutomationFormOptions> {
  const [active, groupRows, current] = await Promise.all([
    ctx.db.select(formCardColumns).from(cards).innerJoin(artists, eq(artists.id, cards.artistId)).where(eq(cards.isActive, true)).orderBy(asc(cards.name), asc(cards.id)),
    ctx.db.select({ id: groups.id, name: groups.name }).from(groups).where(eq(groups.userId, ctx.user.id)).orderBy(asc(groups.name), asc(groups.id)),
    currentCardId === undefined
      ? Promise.resolve([])
      : ctx.db.select(formCardColumns).from(cards).innerJoin(artists, eq(artists.id, cards.artistId)).where(eq(cards.id, currentCardId)),
  ]);
  const missing = current.filter((card) => !active.some((a) => a.id === card.id));
  return { cards: [...missing, ...active].map(toFormCard), groups: groupRows };
}

/** Which automations cover an event: its kind among theirs, its contact in their group or any contact. */
export type AutomationCover = { name: string; events: readonly AutomationEvent[]; groupId: number | null };

const EVENT_OF_CALENDAR_KIND = Object.fromEntries(Object.entries(CALENDAR_KINDS).map(([event, kind]) => [kind, event])) as Record<CalendarEntryKind, AutomationEvent>;

/** The automations that are for the event (its kind, its contact's group), in the order given; whether they send it is coverOfDate's. */
export function coveringAutomations<C extends AutomationCover>(covers: readonly C[], groupsOfContact: ReadonlySet<number> | undefined, kind: CalendarEntryKind): C[] {
  const event = EVENT_OF_CALENDAR_KIND[kind];
  return covers.filter((cover) => cover.events.includes(event) && (cover.groupId === null || (groupsOfContact?.has(cover.groupId) ?? false)));
}

const isoDay = (year: number, month: number, day: number) => `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

/**
 * Marks each calendar entry with the active automations that send (or sent) a card for it, and
 * those too late to, by the one rule (coverage.ts) seen on `today` (`YYYY-MM-DD`; the scheduler's
 * UTC day unless given): four queries for the whole month (the active automations, the
 * memberships of their groups, the month's contacts' addresses and what the automations did for
 * the month's dates), whatever the number of entries.
 */
export async function markAutomatedEntries(ctx: ServiceContext, calendar: CalendarMonth, today: string = toDateOnly(startOfUtcDay(new Date()))): Promise<CalendarMonth> {
  const covers = await ctx.db
    .select({ id: automations.id, name: automations.name, events: automations.events, groupId: automations.groupId, daysBefore: automations.daysBefore })
    .from(automations)
    .where(and(eq(automations.userId, ctx.user.id), eq(automations.active, true)))
    .orderBy(asc(automations.id));
  const contactIds = [...new Set(calendar.days.flatMap((day) => day.entries.map((entry) => entry.contactUuid)))];
  const unmarked = { ...calendar, days: calendar.days.map((day) => ({ ...day, entries: day.entries.map((entry) => ({ ...entry, automations: [], tooLateFor: [] })) })) };
  if (covers.length === 0 || contactIds.length === 0) return unmarked;
  const groupIds = [...new Set(covers.flatMap((cover) => (cover.groupId === null ? [] : [cover.groupId])))];
  const first = isoDay(calendar.year, calendar.month, 1);
  const [memberships, addresses, handled] = await Promise.all([
    groupIds.length === 0
      ? []
      : ctx.db
          .select({ groupId: groupContacts.groupId, contactId: groupContacts.contactId })
          .from(groupContacts)
          .where(and(eq(groupContacts.userId, ctx.user.id), inArray(groupContacts.groupId, groupIds), inArray(groupContacts.contactId, contactIds))),
    ctx.db
      .select({ id: contacts.id, address: contacts.address, city: contacts.city, state: contacts.state, zip: contacts.zip })
      .from(contacts)
      .where(and(eq(contacts.userId, ctx.user.id), inArray(contacts.id, contactIds))),
    ctx.db
      .select({
        automationId: automationSends.automationId,
        contactId: automationSends.contactId,
        kind: automationSends.kind,
        eventDate: automationSends.eventDate,
        ordered: sql<boolean>`(${orderRecipients.id} is not null and ${orderRecipients.status} not in ('cancelled', 'returned'))`,
      })
      .from(automationSends)
      .leftJoin(orderRecipients, eq(orderRecipients.id, automationSends.orderRecipientId))
      .where(
        and(
          inArray(
            automationSends.automationId,
            covers.map((cover) => cover.id),
          ),
          inArray(automationSends.contactId, contactIds),
          sql`${automationSends.eventDate} between ${first}::date and (date_trunc('month', ${first}::date) + interval '1 month - 1 day')::date`,
        ),
      ),
  ]);
  const groupsByContact = new Map<string, Set<number>>();
  for (const { groupId, contactId } of memberships) {
    const set = groupsByContact.get(contactId) ?? new Set<number>();
    set.add(groupId);
    groupsByContact.set(contactId, set);
  }
  const mailable = new Set(addresses.filter((c) => [c.address, c.city, c.state, c.zip].every((part) => (part ?? "") !== "")).map((c) => c.id));
  // A child's or pet's date is told apart by its kind and day: the calendar does not carry whose.
  const handledKey = (automationId: number, contactId: string, kind: string, date: string) => `${automationId}|${contactId}|${kind}|${date}`;
  const handledBy = new Map<string, Handled>();
  for (const row of handled) {
    const key = handledKey(row.automationId, row.contactId, row.kind, String(row.eventDate));
    if (handledBy.get(key) !== "ordered") handledBy.set(key, row.ordered ? "ordered" : "not_sent");
  }
  const typed = covers.map((cover) => ({ ...cover, events: cover.events as AutomationEvent[] }));
  return {
    ...calendar,
    days: calendar.days.map((day) => {
      const eventDate = isoDay(calendar.year, calendar.month, day.day);
      return {
        ...day,
        entries: day.entries.map((entry) => {
          const marks = coveringAutomations(typed, groupsByContact.get(entry.contactUuid), entry.kind).map((cover) => ({
            name: cover.name,
            cover: coverOfDate({
              today,
              eventDate,
              daysBefore: cover.daysBefore,
              hasAddress: mailable.has(entry.contactUuid),
              handled: handledBy.get(handledKey(cover.id, entry.contactUuid, EVENT_OF_CALENDAR_KIND[entry.kind], eventDate)) ?? null,
            }),
          }));
          return {
            ...entry,
            automations: marks.filter((m) => m.cover === "automated").map((m) => m.name),
            tooLateFor: marks.filter((m) => m.cover === "too_late").map((m) => m.name),
          };
        }),
      };
    }),
  };
}

export const AUTOMATION_RUNS_PER_PAGE = 10;

/** One run as the automation page lists it, its left-out contacts named. */
export type AutomationRunRow = {
  id: number;
  createdAt: string;
  status: "sent" | "skipped";
  reason: string | null;
  orderId: number | null;
  recipientsCount: number;
  creditChargedCents: number;
  creditNeededCents: number;
  leftOut: { contactId: string; name: string | null }[];
};

export type AutomationRunRowPage = { items: AutomationRunRow[]; nextCursor: string | null };

/** The page's rows of runs: the left-out contacts' names in one query (a deleted contact has none). */
export async function toAutomationRunRows(ctx: ServiceContext, runs: AutomationRun[]): Promise<AutomationRunRow[]> {
  const ids = [...new Set(runs.flatMap((run) => run.leftOut.map((item) => item.contact_uuid)))];
  const names =
    ids.length === 0
      ? []
      : await ctx.db
          .select({ id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName })
          .from(contacts)
          .where(and(eq(contacts.userId, ctx.user.id), inArray(contacts.id, ids)));
  const nameById = new Map(names.map((row) => [row.id, joinName(row.firstName, row.lastName)]));
  return runs.map((run) => ({
    id: run.id,
    createdAt: run.createdAt.toISOString(),
    status: run.status === "sent" ? "sent" : "skipped",
    reason: run.reason,
    orderId: run.orderId,
    recipientsCount: run.recipientsCount,
    creditChargedCents: run.creditChargedCents,
    creditNeededCents: run.creditNeededCents,
    // One line per contact, though a contact may be left out for two of its dates.
    leftOut: [...new Set(run.leftOut.map((item) => item.contact_uuid))].map((contactId) => ({ contactId, name: nameById.get(contactId) ?? null })),
  }));
}
