import { z } from "zod";
import { AUTOMATION_EVENTS, AUTOMATION_RUN_STATUSES, AUTOMATION_SKIP_REASONS } from "@/db/schema/automations";
import { messageFontSchema } from "@/lib/fonts";
import { dateTime, dollars, nextCursor, nullableText as text } from "@/lib/response-fields";

/*
 * Automations, their upcoming sends and their runs as the API writes them: the mapper's types
 * (z.infer) and the OpenAPI document's schemas (lib/openapi/responses.ts names these very schemas).
 */

const automationEvent = z.enum(AUTOMATION_EVENTS);
const day = (description: string) => z.iso.date().meta({ description: `${description} YYYY-MM-DD, UTC.`, example: "2026-12-24" });

export const automationSchema = z.strictObject({
  id: z.number().int().meta({ example: 7 }),
  name: z.string().meta({ example: "Family birthdays" }),
  card_id: z.number().int().meta({ description: "The card it sends.", example: 12 }),
  events: z.array(automationEvent).meta({ description: "1 to 5 distinct events whose dates send the card." }),
  group_id: z.number().int().nullable().meta({ description: "The group whose contacts it serves; null for every contact." }),
  message: z.string().meta({ description: "With placeholders {first_name}, {last_name}, {contact_first_name}, {age} and {years}." }),
  signoff: text(),
  message_font: messageFontSchema.meta({ description: "Extension: the typeface the message and sign-off print in, an `id` of `GET /fonts`.", example: "caveat", "x-extension": true }),
  days_before: z.number().int().min(0).max(30).meta({ description: "The card arrives this many days before the date." }),
  active: z.boolean(),
  created_at: dateTime(),
  updated_at: dateTime(),
});

export const upcomingOccurrenceSchema = z.strictObject({
  event_date: day("The date itself (Feb 29 is Feb 28 in a common year)."),
  delivery_date: day(
    "The day the card would arrive: days_before ahead of the date, or as soon as the post allows when it is already due (for a too_late one, after the date).",
  ),
  send_date: day("The day it would be ordered: 7 days before delivery, or today when already due."),
  kind: automationEvent,
  contact_uuid: z.uuid().meta({ description: "The contact the card is mailed to (the first of a household's)." }),
  contact_uuids: z
    .array(z.uuid())
    .min(1)
    .meta({ description: "Every contact the piece is for: one, or a household's (contacts at one street, apt and ZIP with this kind of date on this day), who share one card." }),
  name: z.string().meta({ description: "Whose date it is; a household's names joined.", example: "Lily Reed" }),
  recipient_name: z.string().meta({ description: 'The addressee: the contact, or the household ("Carlos & Elena Martinez").', example: "Tom Reed" }),
  message: z.string().meta({ description: "The message with its placeholders filled in." }),
  price: z.string().meta({ description: "The card's price, a decimal string.", example: "3.99" }),
  status: z.enum(["scheduled", "late", "too_late"]).meta({
    description:
      "scheduled: it arrives on delivery_date. late: its send date has passed, so it arrives after delivery_date but by the date itself. too_late: it can no longer arrive by the date and is never sent (listed, not counted in total).",
  }),
  days_early: z
    .number()
    .int()
    .nullable()
    .meta({ description: "The event date minus the day it arrives, in days (less than days_before when late); null when too_late.", example: 2 }),
});

/** The page's own fields; its `data` is a list of upcoming occurrences. */
const upcomingPageFields = {
  total: dollars("What every upcoming piece of the window that can still arrive costs together (too_late ones are not counted; a household's card once), on every page, not only the listed ones.", 7.98),
  credit_available: dollars("The account's credit now.", 100),
  next_cursor: z.string().nullable().meta({ description: "The cursor of the next page; null on the last page." }),
};

export const automationRunSchema = z.strictObject({
  id: z.number().int(),
  created_at: dateTime(),
  status: z.enum(AUTOMATION_RUN_STATUSES),
  reason: z.enum(AUTOMATION_SKIP_REASONS).nullable().meta({
    description: "Why a skipped run sent nothing; null when sent. skipped_on_activation: turned on with skip_due_now, what was due then is never sent.",
  }),
  order_id: z.number().int().nullable().meta({ description: "The order it placed; null when nothing was ordered." }),
  recipients_count: z.number().int().min(0),
  credit_charged: dollars("What the run charged.", 7.98),
  credit_needed: dollars("What the run costs (or would have cost).", 7.98),
  households_merged: z
    .number()
    .int()
    .min(0)
    .meta({ description: "Pieces that carry more than one occurrence: one card to a household (one kind of date, one day, one street, apt and ZIP) instead of one each." }),
  left_out: z.array(
    z.strictObject({ contact_uuid: z.uuid(), kind: automationEvent, reason: z.enum(["missing_address"]) }).meta({ description: "An occurrence not sent: its contact lacks address, city, state or zip." }),
  ),
});

const { id: runId, ...runFields } = automationRunSchema.shape;

/** The data of `automation.run.completed` and `automation.run.failed`: the run as GET /automations/{id}/runs shows it, with its automation's id. */
export const automationRunEventDataSchema = z.strictObject({
  id: runId,
  automation_id: z.number().int(),
  ...runFields,
});
export type AutomationRunEventData = z.infer<typeof automationRunEventDataSchema>;

export const automationDataSchema = z.strictObject({ data: automationSchema });
export const automationListSchema = z.strictObject({ data: z.array(automationSchema) });

export const upcomingSendsSchema = z.strictObject({
  data: z.array(upcomingOccurrenceSchema).meta({ description: "A page of the upcoming sends, in order." }),
  ...upcomingPageFields,
});

export const automationRunsPageSchema = z.strictObject({ data: z.array(automationRunSchema), next_cursor: nextCursor() });
