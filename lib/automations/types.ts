import type { AutomationEvent, AutomationRow, AutomationRunRow } from "@/db/schema";
import type { OccurrenceStatus } from "./coverage";

// The shapes the automation services return, apart from them so that the mapper (and through it
// the scheduler's webhook events) reads them without importing the services.

export type Automation = Omit<AutomationRow, "projectId" | "events"> & { events: AutomationEvent[] };

export type AutomationRun = AutomationRunRow;

/** One piece an automation would send: one occurrence, or a household's (one kind, date and address). */
export type UpcomingOccurrence = {
  eventDate: string;
  deliveryDate: string;
  sendDate: string;
  kind: AutomationEvent;
  /** The contact the card is mailed to; `contactIds` all of the household's. */
  contactId: string;
  contactIds: string[];
  name: string;
  recipientName: string;
  message: string;
  priceCents: number;
  status: OccurrenceStatus;
  daysEarly: number | null;
};

export type UpcomingSends = {
  /** The page asked for, or every piece. */
  occurrences: UpcomingOccurrence[];
  /** How many pieces of the whole window can still go out (too-late ones are not), and what they cost together. */
  count: number;
  totalCents: number;
  creditAvailableCents: number;
  nextCursor: string | null;
};

/** What settings would send on their first pass: the pieces due today, their cost, and the credit they are paid from. */
export type DueNow = { count: number; totalCents: number; creditAvailableCents: number };

