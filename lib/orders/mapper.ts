import type { MailingAddressJson } from "@/lib/contacts/response";
import { centsToDollars } from "@/lib/money";
import type { CancelOrderResult } from "./cancel";
import type { CheckoutResult, OrderSummary, OrderTracking, TrackedRecipient } from "./service";

export type CheckoutJson = { order_id: number; credit_charged: number; remaining_credit: number };

export type OrderSummaryJson = {
  order_id: number;
  created_at: string;
  credit_charged: number;
  recipients_count: number;
  project_uuids: string[];
};

export type TrackedRecipientJson = {
  id: number;
  internal_id: string | null;
  status: string;
  name: string;
} & MailingAddressJson & {
  scheduled_delivery_date: string;
  updated_at: string;
};

export type OrderTrackingEntryJson = { project_uuid: string; recipients: TrackedRecipientJson[] };

// Rows from the database already carry Dates, which need no copy (a page of 1,000 has 2,000).
const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The spec's Checkout result: amounts in dollars, rounded to the cent. */
export function toCheckoutJson(result: CheckoutResult): CheckoutJson {
  return {
    order_id: result.orderId,
    credit_charged: centsToDollars(result.creditChargedCents),
    remaining_credit: centsToDollars(result.remainingCreditCents),
  };
}

export type CancelOrderJson = { cancelled: number; credit_refunded: number; remaining_credit: number };

export function toCancelOrderJson(result: CancelOrderResult): CancelOrderJson {
  return {
    cancelled: result.cancelled,
    credit_refunded: centsToDollars(result.refundedCents),
    remaining_credit: centsToDollars(result.remainingCreditCents),
  };
}

export function toOrderSummaryJson(order: OrderSummary): OrderSummaryJson {
  return {
    order_id: order.id,
    created_at: iso(order.createdAt),
    credit_charged: centsToDollars(order.totalCents),
    recipients_count: order.recipientsCount,
    project_uuids: order.projectIds,
  };
}

/** The spec's tracked recipient: exactly its fields, unset ones null. */
function toTrackedRecipientJson(row: TrackedRecipient): TrackedRecipientJson {
  return {
    id: row.id,
    internal_id: row.internalId,
    status: row.status,
    name: row.name,
    company: row.company,
    address: row.address,
    apt: row.apt,
    city: row.city,
    state: row.state,
    zip: row.zip,
    country: row.country,
    scheduled_delivery_date: iso(row.scheduledDeliveryDate),
    updated_at: iso(row.updatedAt),
  };
}

/** The spec's Order tracking entries, one per project of the order. */
export function toOrderTrackingJson(tracking: OrderTracking): OrderTrackingEntryJson[] {
  return tracking.projects.map((project) => ({
    project_uuid: project.projectId,
    recipients: project.recipients.map(toTrackedRecipientJson),
  }));
}
