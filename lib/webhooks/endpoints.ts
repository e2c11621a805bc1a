import "server-only";
import crypto from "node:crypto";
import { and, asc, count, desc, eq, lt, sql } from "drizzle-orm";
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents, type WebhookDeliveryStatus, type WebhookEventType } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { isIdPosition, keysetCursor } from "@/lib/cursor";
import { fieldError, notFound } from "@/lib/errors";
import { isUuid, toSerialId } from "@/lib/ids";
import { toCursorPage } from "@/lib/paging";
import { parseInput } from "@/lib/validation";
import { enqueueDeliveries } from "./jobs/enqueue";
import { recordWebhookEvent } from "./outbox";
import {
  createWebhookSchema,
  listDeliveriesQuerySchema,
  MAX_WEBHOOK_ENDPOINTS,
  updateWebhookSchema,
  type CreateWebhookInput,
  type ListDeliveriesQuery,
  type UpdateWebhookInput,
} from "./schema";
import { assertAllowedWebhookUrl } from "./url-guard";

export type WebhookEndpoint = {
  id: string;
  url: string;
  description: string | null;
  events: WebhookEventType[];
  active: boolean;
  createdAt: Date;
  updatedAt: Date;
};

/** The create answer: the secret is shown this once (and after a rotation). */
export type WebhookEndpointWithSecret = WebhookEndpoint & { secret: string };

export type WebhookDelivery = {
  id: number;
  eventId: string;
  eventType: WebhookEventType;
  status: WebhookDeliveryStatus;
  attempts: number;
  responseStatus: number | null;
  error: string | null;
  nextAttemptAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

/** One request of a delivery; the bodies are cut to WEBHOOK_BODY_LOG_MAX characters. */
export type WebhookAttempt = {
  id: number;
  attempt: number;
  responseStatus: number | null;
  error: string | null;
  durationMs: number;
  requestBody: string;
  responseBody: string | null;
  createdAt: Date;
};

export type WebhookDeliveryPage = { deliveries: WebhookDelivery[]; nextCursor: string | null };

const webhookNotFound = () => notFound("Webhook not found");
const deliveryNotFound = () => notFound("Delivery not found");

/** `whsec_` and the base64 of 32 random bytes, as Standard Webhooks libraries expect. */
export const newWebhookSecret = () => `whsec_${crypto.randomBytes(32).toString("base64")}`;

const columns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  description: webhookEndpoints.description,
  events: webhookEndpoints.events,
  active: webhookEndpoints.active,
  createdAt: webhookEndpoints.createdAt,
  updatedAt: webhookEndpoints.updatedAt,
};

type EndpointRow = Omit<WebhookEndpoint, "events"> & { events: string[] };
const asEndpoint = (row: EndpointRow): WebhookEndpoint => ({ ...row, events: row.events as WebhookEventType[] });

const deliveryColumns = {
  id: webhookDeliveries.id,
  eventId: webhookDeliveries.eventId,
  eventType: webhookEvents.type,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  responseStatus: webhookDeliveries.responseStatus,
  error: webhookDeliveries.error,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  createdAt: webhookDeliveries.createdAt,
  updatedAt: webhookDeliveries.updatedAt,
};

type DeliveryRow = Omit<WebhookDelivery, "eventType" | "status"> & { eventType: string; status: string };
const asDelivery = (row: DeliveryRow): WebhookDelivery => ({
  ...row,
  eventType: row.eventType as WebhookEventType,
  status: row.status as WebhookDeliveryStatus,
});

function toEndpointId(value: string): string {
  if (!isUuid(value)) throw webhookNotFound();
  return value.toLowerCase();
}

/** The user's endpoints, oldest first. */
export async function listEndpoints(ctx: ServiceContext): Promise<WebhookEndpoint[]> {
  const rows = await ctx.db
    .select(columns)
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, ctx.user.id))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return rows.map(asEndpoint);
}

/** One of the user's endpoints; unknown or another user's is a 404 `Webhook not found`. */
export async function getEndpoint(ctx: ServiceContext, endpointId: string): Promise<WebhookEndpoint> {
  const id = toEndpointId(endpointId);
  const [row] = await ctx.db
    .select(columns)
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, ctx.user.id)));
  if (!row) throw webhookNotFound();
  return asEndpoint(row);
}

/**
 * Creates an endpoint with a new secret, after checking its URL (https, public addresses only);
 * the account's 11th is a 422.
 */
export async function createEndpoint(ctx: ServiceContext, input: CreateWebhookInput): Promise<WebhookEndpointWithSecret> {
  const data = parseInput(createWebhookSchema, input);
  await assertAllowedWebhookUrl(data.url);
  const secret = newWebhookSecret();
  return ctx.db.transaction(async (tx) => {
    // The user's row lock serialises concurrent creates, so the limit holds under any concurrency.
    await tx.execute(sql`select id from users where id = ${ctx.user.id} for update`);
    const [existing] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, ctx.user.id));
    if ((existing?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS) {
      throw fieldError("url", `An account may have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints.`);
    }
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ userId: ctx.user.id, url: data.url, description: data.description ?? null, events: data.events, active: data.active, secret })
      .returning(columns);
    return { ...asEndpoint(row!), secret };
  });
}

/** Changes the fields sent (url, events, description, active); a new URL is checked like on create. */
export async function updateEndpoint(ctx: ServiceContext, endpointId: string, input: UpdateWebhookInput): Promise<WebhookEndpoint> {
  const id = toEndpointId(endpointId);
  await getEndpoint(ctx, id);
  const data = parseInput(updateWebhookSchema, input);
  if (data.url !== undefined) await assertAllowedWebhookUrl(data.url);
  const [row] = await ctx.db
    .update(webhookEndpoints)
    .set({
      ...(data.url !== undefined && { url: data.url }),
      ...(data.description !== undefined && { description: data.description }),
      ...(data.events !== undefined && { events: data.events }),
      ...(data.active !== undefined && { active: data.active }),
      updatedAt: sql`now()`,
    })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, ctx.user.id)))
    .returning(columns);
  if (!row) throw webhookNotFound();
  return asEndpoint(row);
}

/** Deletes the endpoint with its deliveries and their attempts; queued jobs find nothing to do. */
export async function deleteEndpoint(ctx: ServiceContext, endpointId: string): Promise<void> {
  const id = toEndpointId(endpointId);
  const deleted = await ctx.db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, ctx.user.id)))
    .returning({ id: webhookEndpoints.id });
  if (deleted.length === 0) throw webhookNotFound();
}

/** How long the secret a rotation replaces keeps signing beside the new one. */
export const PREVIOUS_SECRET_HOURS = 24;

/** A new secret; the old one also signs for 24 hours, so receivers can switch without losing events. */
export async function rotateSecret(ctx: ServiceContext, endpointId: string): Promise<{ secret: string }> {
  const id = toEndpointId(endpointId);
  const secret = newWebhookSecret();
  const [row] = await ctx.db
    .update(webhookEndpoints)
    .set({
      previousSecret: sql`${webhookEndpoints.secret}`,
      previousSecretExpiresAt: sql`now() + ${PREVIOUS_SECRET_HOURS}::int * interval '1 hour'`,
      secret,
      updatedAt: sql`now()`,
    })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, ctx.user.id)))
    .returning({ id: webhookEndpoints.id });
  if (!row) throw webhookNotFound();
  return { secret };
}

/** A `webhook.test` event to this endpoint alone, whatever its events (and even switched off). */
export async function sendTestEvent(ctx: ServiceContext, endpointId: string): Promise<{ eventId: string; deliveryId: number }> {
  const endpoint = await getEndpoint(ctx, endpointId);
  return ctx.db.transaction(async (tx) => {
    const recorded = await recordWebhookEvent(
      tx,
      { userId: ctx.user.id, type: "webhook.test", data: { webhook_id: endpoint.id, message: "A test event from Cardmail." } },
      { endpointId: endpoint.id },
    );
    if (!recorded) throw webhookNotFound();
    return { eventId: recorded.eventId, deliveryId: recorded.deliveryIds[0]! };
  });
}

const deliveriesCursor = keysetCursor("webhook-deliveries", isIdPosition);

/** The endpoint's deliveries, newest first, a page at a time. */
export async function listDeliveries(ctx: ServiceContext, endpointId: string, input: Partial<ListDeliveriesQuery> = {}): Promise<WebhookDeliveryPage> {
  const endpoint = await getEndpoint(ctx, endpointId);
  const query = parseInput(listDeliveriesQuerySchema, input);
  const after = deliveriesCursor.decode(ctx, query.cursor);
  const rows = await ctx.db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.userId, ctx.user.id), after ? lt(webhookDeliveries.id, after.id) : undefined),
    )
    .orderBy(desc(webhookDeliveries.id))
    .limit(query.per_page + 1);
  const page = toCursorPage(rows, query.per_page, (last) => deliveriesCursor.encode(ctx, { id: last.id }));
  return { deliveries: page.items.map(asDelivery), nextCursor: page.nextCursor };
}

/** One delivery of the endpoint; an unknown one is a 404 `Delivery not found`. */
export async function getDelivery(ctx: ServiceContext, endpointId: string, deliveryId: number | string): Promise<WebhookDelivery> {
  const endpoint = await getEndpoint(ctx, endpointId);
  const id = toSerialId(deliveryId, deliveryNotFound);
  const [row] = await ctx.db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.userId, ctx.user.id)));
  if (!row) throw deliveryNotFound();
  return asDelivery(row);
}

/** The requests made for a delivery, first to last. */
export async function listAttempts(ctx: ServiceContext, endpointId: string, deliveryId: number | string): Promise<WebhookAttempt[]> {
  const delivery = await getDelivery(ctx, endpointId, deliveryId);
  return ctx.db
    .select({
      id: webhookAttempts.id,
      attempt: webhookAttempts.attempt,
      responseStatus: webhookAttempts.responseStatus,
      error: webhookAttempts.error,
      durationMs: webhookAttempts.durationMs,
      requestBody: webhookAttempts.requestBody,
      responseBody: webhookAttempts.responseBody,
      createdAt: webhookAttempts.createdAt,
    })
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.deliveryId, delivery.id), eq(webhookAttempts.userId, ctx.user.id)))
    .orderBy(asc(webhookAttempts.id));
}

/**
 * Makes one more attempt now, whatever the delivery's status; if it fails, the schedule goes on
 * from where it was (a delivery past its last retry is `failed` again).
 */
export async function retryDelivery(ctx: ServiceContext, endpointId: string, deliveryId: number | string): Promise<WebhookDelivery> {
  const delivery = await getDelivery(ctx, endpointId, deliveryId);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(webhookDeliveries)
      .set({ status: "pending", nextAttemptAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.userId, ctx.user.id)));
    await enqueueDeliveries(tx, [{ deliveryId: delivery.id }]);
  });
  return getDelivery(ctx, endpointId, delivery.id);
}
