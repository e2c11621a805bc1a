import { z } from "zod";
import { AUTOMATION_EVENTS } from "@/db/schema/automations";
import { DEFAULT_MESSAGE_FONT, messageFontSchema } from "@/lib/fonts";
import { cursorQuery, perPageQuery } from "@/lib/paging";
import { optionalText, queryInt, requiredText } from "@/lib/validation";
import { PLACEHOLDERS, unknownPlaceholders } from "./occurrences";

export const AUTOMATION_NAME_MAX = 255;
export const AUTOMATION_MESSAGE_MAX = 1000;
export const AUTOMATION_SIGNOFF_MAX = 255;
export const DAYS_BEFORE_MAX = 30;
export const UPCOMING_DAYS_DEFAULT = 90;
export const UPCOMING_DAYS_MAX = 366;

const placeholderList = PLACEHOLDERS.map((p) => `{${p}}`).join(", ");

const message = requiredText(AUTOMATION_MESSAGE_MAX).superRefine((value, ctx) => {
  const unknown = unknownPlaceholders(value);
  if (unknown.length > 0) {
    ctx.addIssue({ code: "custom", message: `The message field may only use the placeholders ${placeholderList}; not ${unknown.join(", ")}.` });
  }
});

const events = z
  .array(z.enum(AUTOMATION_EVENTS))
  .min(1)
  .max(AUTOMATION_EVENTS.length)
  .refine((list) => new Set(list).size === list.length, { message: "The events field must not name an event twice." });

// Without defaults: PATCH changes only what is sent; create adds the defaults below.
const fields = {
  name: requiredText(AUTOMATION_NAME_MAX),
  card_id: z.number().int().meta({ description: "An active card of the catalog." }),
  events: events.meta({ description: "1 to 5 distinct events whose dates send the card." }),
  group_id: z.number().int().nullable().meta({ description: "One of your groups, or null for every contact." }),
  message: message.meta({ description: `1 to ${AUTOMATION_MESSAGE_MAX} characters; placeholders ${placeholderList}.` }),
  signoff: optionalText(AUTOMATION_SIGNOFF_MAX),
  message_font: messageFontSchema,
  days_before: z.number().int().min(0).max(DAYS_BEFORE_MAX).meta({ description: "The card arrives this many days before the date (0 to 30)." }),
  active: z.boolean(),
};

const skipDueNow = z.boolean().meta({
  description:
    "With active true: what is due at this moment is recorded as a skipped run (reason skipped_on_activation) and never sent; the dates after it go out as usual. Default false: what is due goes out at once.",
});

export const createAutomationSchema = z.object({
  ...fields,
  group_id: fields.group_id.optional().default(null),
  days_before: fields.days_before.optional().default(0),
  active: fields.active.optional().default(true),
  skip_due_now: skipDueNow.optional().default(false),
  message_font: fields.message_font.optional().default(DEFAULT_MESSAGE_FONT),
});
export type CreateAutomationInput = z.infer<typeof createAutomationSchema>;

/** PATCH: any subset of the fields; a sign-off sent as null or "" is cleared. `skip_due_now` goes with `active: true`. */
export const updateAutomationSchema = z.object({ ...fields, skip_due_now: skipDueNow }).partial();
export type UpdateAutomationInput = z.infer<typeof updateAutomationSchema>;

export const upcomingQuerySchema = z.object({
  days: queryInt()
    .pipe(z.number().int().min(1).max(UPCOMING_DAYS_MAX))
    .optional()
    .default(UPCOMING_DAYS_DEFAULT)
    .meta({ description: `Occurrences sent within this many days from today (1 to ${UPCOMING_DAYS_MAX}, default ${UPCOMING_DAYS_DEFAULT}).` }),
  cursor: cursorQuery(),
  per_page: perPageQuery(),
});
export type UpcomingQuery = z.infer<typeof upcomingQuerySchema>;

/**
 * Settings being edited, not saved yet, whose upcoming sends the form shows as they change: an
 * automation's fields that decide what it sends, and the saved automation being edited, if
 * any, whose sends are left out.
 */
export const previewUpcomingSchema = z.object({
  automation_id: z.number().int().nullable().optional().default(null),
  card_id: fields.card_id,
  events: fields.events,
  group_id: fields.group_id.optional().default(null),
  message: fields.message,
  days_before: fields.days_before.optional().default(0),
  days: z.number().int().min(1).max(UPCOMING_DAYS_MAX).optional().default(UPCOMING_DAYS_DEFAULT),
});
export type PreviewUpcomingInput = z.input<typeof previewUpcomingSchema>;

export const listRunsQuerySchema = z.object({
  cursor: cursorQuery(),
  per_page: perPageQuery(),
});
export type ListRunsQuery = z.infer<typeof listRunsQuerySchema>;
