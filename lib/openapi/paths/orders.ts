import { z } from "zod";
import * as examples from "../examples";
import { error, json, validation, type Operation } from "../operations";
import { idempotencyHeaders, orderParams, projectUuidParams, replayHeader } from "../parameters";
import { cancelOrderRequest, checkoutRequest, ordersQuery } from "../request-schemas";
import * as responses from "../responses";
import { projectNotFound } from "./projects";

const checkoutProject: Operation = {
  method: "post",
  path: "/cart/checkout/{projectUuid}",
  operationId: "checkoutProject",
  tags: ["Orders"],
  summary: "Check out a project with account credit",
  description: [
    "Orders every recipient of the project that was not ordered yet and pays with account credit.",
    "",
    "Extension: an optional body `{ \"delivery_date\": \"YYYY-MM-DD\" }` chooses the day the cards arrive, 7 to 365 days after today (UTC); without a body, or with `{}`, delivery is 7 days after today.",
    "",
    "- Order total = card price x recipients not yet ordered. Amounts in the response are dollars, rounded to the cent.",
    "- One transaction: credit can never go below zero and a recipient is never charged twice, even under concurrent requests; every charge is a ledger entry.",
    "- Each piece starts `pending`, with `scheduled_delivery_date` at midnight UTC of the delivery day, and the recipient's `override_message` or else the project's `automation_message`, where `{first_name}` and `{last_name}` become the recipient's (other braces stay as written).",
    "- Credit is charged at checkout; production (`in_production`) starts no earlier than 7 days before the delivery date.",
    "- Supports `Idempotency-Key`: a retry with the same key replays the 201 without charging again.",
  ].join("\n"),
  request: {
    params: projectUuidParams,
    headers: idempotencyHeaders,
    body: { required: false, content: json(checkoutRequest, { delivery_date: "2026-12-24" }) },
  },
  responses: {
    201: { description: "The order was placed.", headers: replayHeader, content: json(responses.checkoutResponse, examples.checkoutExample) },
    402: {
      description: "The credit does not cover the order total (nothing is charged): `No account credit available to process order`.",
      content: json(responses.insufficientCreditResponse, examples.insufficientCreditExample),
    },
    404: projectNotFound,
    422: {
      description:
        "Nothing to order (`Project has no recipients`: none, or all already ordered), the project's card is no longer sold (`The card of this project is no longer available.`), a `delivery_date` that is not a date 7 to 365 days ahead (`errors.delivery_date`), or an Idempotency-Key reused for another request.",
      content: {
        "application/json": {
          schema: z.union([responses.errorResponse, responses.validationErrorResponse]),
          examples: {
            noRecipients: { summary: "Project has no recipients", value: { message: "Project has no recipients" } },
            inactiveCard: { summary: "The card of this project is no longer available.", value: { message: "The card of this project is no longer available." } },
          },
        },
      },
    },
  },
};

const listOrders: Operation = {
  method: "get",
  path: "/orders",
  operationId: "listOrders",
  tags: ["Orders"],
  summary: "List orders",
  extension: true,
  description: "the user's orders, newest first: what each cost, how many pieces and which projects. `per_page` 1 to 100, default 15; `next_cursor` null on the last page.",
  request: { query: ordersQuery },
  responses: {
    200: { description: "A page of orders.", content: json(responses.ordersPageResponse, examples.ordersPageExample) },
    422: validation("per_page out of 1..100, a bad cursor"),
  },
};

const trackOrder: Operation = {
  method: "get",
  path: "/orders/track/{orderId}",
  operationId: "trackOrder",
  tags: ["Orders"],
  summary: "Delivery tracking of an order",
  description: [
    "For every project of the order, each mailed piece with its delivery status, the address it was sent to (as it was at checkout) and its scheduled delivery date.",
    "",
    "Statuses: `pending` -> `in_production` -> `mailed` -> `delivered`, plus `cancelled` (before production; its credit is refunded) and `returned`. `updated_at` is when the status last changed.",
  ].join("\n"),
  request: { params: orderParams },
  responses: {
    200: { description: "The order's pieces, by project.", content: json(responses.orderTrackingResponse, examples.orderTrackingExample) },
    403: error("The order belongs to another user", { forbidden: "Unauthorized access to order tracking information" }),
    404: error("Unknown order or a non-integer id", { orderNotFound: "Order not found" }),
  },
};

const cancelOrder: Operation = {
  method: "post",
  path: "/orders/{orderId}/cancel",
  operationId: "cancelOrder",
  tags: ["Orders"],
  summary: "Cancel pending pieces of an order",
  extension: true,
  description: [
    "Cancels pieces that are still `pending` (production has not started) and refunds each one's price to the credit, once.",
    "",
    "- Body (optional): `{ \"recipient_ids\": [id, ...] }`, the `id`s of tracked recipients of this order (at most 10,000). Without a body, or with `{}`: every pending piece.",
    "- All or nothing: a listed piece that is not pending, or not part of the order, is a 422 naming it (`errors[\"recipient_ids.N\"]`) and nothing is cancelled.",
    "- An order with nothing pending answers `cancelled: 0`.",
  ].join("\n"),
  request: { params: orderParams, body: { required: false, content: json(cancelOrderRequest, { recipient_ids: [9051, 9052] }) } },
  responses: {
    200: { description: "What was cancelled and refunded.", content: json(responses.cancelOrderResponse, examples.cancelOrderExample) },
    404: error("Unknown order, another user's, or a non-integer id", { orderNotFound: "Order not found" }),
    422: validation("a listed piece that is not pending or not in the order, a malformed `recipient_ids`", {
      message: "Recipient 9052 is in production and can no longer be cancelled.",
      errors: { "recipient_ids.1": ["Recipient 9052 is in production and can no longer be cancelled."] },
    }),
  },
};

export const orderOperations: Operation[] = [checkoutProject, listOrders, trackOrder, cancelOrder];
