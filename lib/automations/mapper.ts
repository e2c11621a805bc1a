import type { AutomationEvent, AutomationRunStatus, AutomationSkipReason, LeftOutOccurrence } from "@/db/schema/automations";
import { centsToDollars, centsToPriceString } from "@/lib/money";
import type { Automation, AutomationRun, UpcomingOccurrence, UpcomingSends } from "./service";

export type AutomationJson = {
  id: number;
  name: string;
  card_id: number;
  events: AutomationEvent[];
  group_id: number | null;
  message: string;
  signoff: string | null;
  days_before: number;
  active: boolean;
  created_at: string;
  updated_at: string;
};

export type UpcomingOccurrenceJson = {
  event_date: string;
  delivery_date: string;
  send_date: string;
  kind: AutomationEvent;
  contact_uuid: string;
  name: string;
  recipient_name: string;
  message: string;
  price: string;
};

export type UpcomingJson = { data: UpcomingOccurrenceJson[]; total: number; credit_available: number; next_cursor: string | null };

export type AutomationRunJson = {
  id: number;
  created_at: string;
  status: AutomationRunStatus;
  reason: AutomationSkipReason | null;
  order_id: number | null;
  recipients_count: number;
  credit_charged: number;
  credit_needed: number;
  left_out: LeftOutOccurrence[];
};

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
    name: occurrence.name,
    recipient_name: occurrence.recipientName,
    message: occurrence.message,
    price: centsToPriceString(occurrence.priceCents),
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
  };
}
