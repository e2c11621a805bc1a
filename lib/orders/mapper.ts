import type { DeliveryStatus } from "@/db/schema/orders";
import { centsToDollars } from "@/lib/money";
import type { CancelOrderResult } from "./cancel";
import type { CancelOrderJson, CheckoutJson, OrderSummaryJson, OrderTrackingEntryJson, TrackedRecipientJson } from "./response";
import type { CheckoutResult, OrderSummary, OrderTracking, TrackedRecipient } from "./service";

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
    // The column is text; its check constraint holds it to DELIVERY_STATUSES.
    status: row.status as DeliveryStatus,
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
