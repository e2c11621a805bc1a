import type { z } from "zod";
import type { AutomationRunStatus, AutomationSkipReason } from "@/db/schema/automations";
import { messageFont } from "@/lib/fonts";
import { centsToDollars, centsToPriceString } from "@/lib/money";
import type { automationRunSchema, automationSchema, upcomingOccurrenceSchema, upcomingSendsSchema } from "./response";
import type { Automation, AutomationRun, UpcomingOccurrence, UpcomingSends } from "./types";

// The API's shapes are the response schemas' (./response.ts, which the OpenAPI document names).
export type AutomationJson = z.infer<typeof automationSchema>;
export type UpcomingOccurrenceJson = z.infer<typeof upcomingOccurrenceSchema>;
export type UpcomingJson = z.infer<typeof upcomingSendsSchema>;
export type AutomationRunJson = z.infer<typeof automationRunSchema>;

const iso = (value: Date | string) => new Date(value).toISOString();

export function toAutomationJson(automation: Automation): AutomationJson {
  return {
    id: automation.id,
    name: automation.name,
    card_id: automation.cardId,
    events: automation.events,
    group_id: automation.groupId,
    message: automation.message,
    signoff: automation.signoff,
    message_font: messageFont(automation.messageFont).id,
    days_before: automation.daysBefore,
    active: automation.active,
    created_at: iso(automation.createdAt),
    updated_at: iso(automation.updatedAt),
  };
}

function toUpcomingOccurrenceJson(occurrence: UpcomingOccurrence): UpcomingOccurrenceJson {
  return {
    event_date: occurrence.eventDate,
    delivery_date: occurrence.deliveryDate,
    send_date: occurrence.sendDate,
    kind: occurrence.kind,
    contact_uuid: occurrence.contactId,
    contact_uuids: occurrence.contactIds,
    name: occurrence.name,
    recipient_name: occurrence.recipientName,
    message: occurrence.message,
    price: centsToPriceString(occurrence.priceCents),
    status: occurrence.status,
    days_early: occurrence.daysEarly,
  };
}

export function toUpcomingJson(upcoming: UpcomingSends): UpcomingJson {
  return {
    data: upcoming.occurrences.map(toUpcomingOccurrenceJson),
    total: centsToDollars(upcoming.totalCents),
    credit_available: centsToDollars(upcoming.creditAvailableCents),
    next_cursor: upcoming.nextCursor,
  };
}

export function toAutomationRunJson(run: AutomationRun): AutomationRunJson {
  return {
    id: run.id,
    created_at: iso(run.createdAt),
    status: run.status as AutomationRunStatus,
    reason: run.reason as AutomationSkipReason | null,
    order_id: run.orderId,
    recipients_count: run.recipientsCount,
    credit_charged: centsToDollars(run.creditChargedCents),
    credit_needed: centsToDollars(run.creditNeededCents),
    left_out: run.leftOut,
    households_merged: run.householdsMerged,
  };
}
