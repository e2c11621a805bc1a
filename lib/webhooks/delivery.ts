import "server-only";
import http from "node:http";
import https from "node:https";
import { and, eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { execute, type Database } from "@/db/client";
import { webhookAttempts, webhookDeliveries } from "@/db/schema";
import { config } from "@/lib/config";
import type { JobContext } from "@/lib/jobs/queue";
import { enqueueMany } from "@/lib/jobs/queue";
import { webhookDeliveryJob } from "./jobs/deliver-job";
import { allowPrivateUrls, BlockedAddressError, guardedLookup } from "./url-guard";

/** Seconds after the first attempt's failure, and each next one's, until the delivery is `failed`. */
export const DEFAULT_RETRY_DELAYS_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;

/** A 2xx within this time is a success. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/** Characters of the request and response bodies kept in an attempt's log. */
export const WEBHOOK_BODY_LOG_MAX = 4096;

/**
 * While an attempt runs, its delivery is not due again until this long: a second job (a duplicate,
 * or a retry after this process died mid-request) waits rather than sending in parallel.
 */
const ATTEMPT_LEASE_SECONDS = 60;

export function retryDelaysSeconds(): readonly number[] {
  const setting = config().WEBHOOK_RETRY_DELAYS;
  return setting ? setting.split(",").map(Number) : DEFAULT_RETRY_DELAYS_SECONDS;
}

export type DeliveryOptions = {
  /** The request's time limit (tests shorten it). */
  timeoutMs?: number;
};

export type AttemptOutcome =
  | { kind: "skipped" }
  | { kind: "succeeded"; responseStatus: number }
  | { kind: "failed"; responseStatus: number | null; error: string; unreachable: boolean; final: boolean };

type Claimed = {
  id: number;
  user_id: number;
  endpoint_id: string;
  event_id: string;
  attempts: number;
  url: string;
  active: boolean;
  secret: string;
  previous_secret: string | null;
  previous_valid: boolean;
  type: string;
  payload: Record<string, unknown>;
  event_created_at: string | Date;
};

/** The body of every request of an event: the same bytes on every attempt. */
export function requestBody(type: string, createdAt: Date, data: Record<string, unknown>): string {
  return JSON.stringify({ type, timestamp: createdAt.toISOString(), data });
}

/**
 * The webhook-signature header: `v1,<base64>` with the current secret and, within 24 hours of a
 * rotation, a second one with the previous secret, space separated.
 */
export function signatureHeader(secrets: string[], msgId: string, timestamp: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(msgId, timestamp, body)).join(" ");
}

/**
 * Makes one attempt of a delivery, if it is still pending and due, and records it: success, or
 * the next attempt's time and job, or `failed` after the last one.
 */
export async function deliverWebhook(ctx: JobContext, deliveryId: number, options: DeliveryOptions = {}): Promise<AttemptOutcome> {
  const now = ctx.clock.now();
  // Claiming is a compare-and-set on the row: of two jobs for one delivery, one attempts.
  const [claimed] = await execute<Claimed>(
    ctx.db,
    sql`
      with claimed as (
        update webhook_deliveries d
        set attempts = d.attempts + 1,
            next_attempt_at = ${now.toISOString()}::timestamptz + ${ATTEMPT_LEASE_SECONDS}::int * interval '1 second',
            updated_at = now()
        where d.id = ${deliveryId}::int and d.status = 'pending'
          and (d.next_attempt_at is null or d.next_attempt_at <= ${now.toISOString()}::timestamptz)
        returning d.id, d.user_id, d.endpoint_id, d.event_id, d.attempts
      )
      select c.*, e.url, e.active, e.secret, e.previous_secret,
             coalesce(e.previous_secret_expires_at > ${now.toISOString()}::timestamptz, false) as previous_valid,
             ev.type, ev.payload, ev.created_at as event_created_at
      from claimed c
      join webhook_endpoints e on e.id = c.endpoint_id
      join webhook_events ev on ev.id = c.event_id
    `,
  );
  if (!claimed) return { kind: "skipped" };

  const body = requestBody(claimed.type, new Date(claimed.event_created_at), claimed.payload);
  if (!claimed.active) {
    // Switched off after the event: nothing is sent, and retrying after switching it on sends it.
    return record(ctx, claimed, body, { status: null, error: "The endpoint is switched off.", durationMs: 0, responseBody: null, unreachable: false }, true);
  }
  const secrets = [claimed.secret, ...(claimed.previous_secret && claimed.previous_valid ? [claimed.previous_secret] : [])];
  // The timestamp is the attempt's real time: receivers check it against their own clock.
  const sentAt = new Date();
  const headers = {
    "content-type": "application/json",
    "user-agent": "Cardmail-Webhooks/1.0",
    "webhook-id": claimed.event_id,
    "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
    "webhook-signature": signatureHeader(secrets, claimed.event_id, sentAt, body),
  };
  const result = await post(claimed.url, headers, body, options.timeoutMs ?? DELIVERY_TIMEOUT_MS);
  return record(ctx, claimed, body, result, false);
}

type PostResult = { status: number | null; error: string | null; durationMs: number; responseBody: string | null; unreachable: boolean };

async function record(ctx: JobContext, claimed: Claimed, body: string, result: PostResult, final: boolean): Promise<AttemptOutcome> {
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const delays = retryDelaysSeconds();
  const delay = delays[claimed.attempts - 1];
  const failed = !ok && (final || delay === undefined);
  const next = ok || failed ? null : new Date(ctx.clock.now().getTime() + delay! * 1000);
  const error = ok ? null : (result.error ?? `The endpoint answered ${result.status}.`);
  await ctx.db.transaction(async (tx: Database) => {
    await tx.insert(webhookAttempts).values({
      deliveryId: claimed.id,
      userId: claimed.user_id,
      attempt: claimed.attempts,
      responseStatus: result.status,
      error,
      durationMs: Math.round(result.durationMs),
      requestBody: body.slice(0, WEBHOOK_BODY_LOG_MAX),
      responseBody: result.responseBody,
    });
    await tx
      .update(webhookDeliveries)
      .set({ status: ok ? "succeeded" : failed ? "failed" : "pending", responseStatus: result.status, error, nextAttemptAt: next, updatedAt: sql`now()` })
      .where(and(eq(webhookDeliveries.id, claimed.id), eq(webhookDeliveries.status, "pending")));
    if (next) await enqueueMany(tx, webhookDeliveryJob, [{ data: { deliveryId: claimed.id }, startAfter: new Date(Date.now() + delay! * 1000) }]);
  });
  if (ok) return { kind: "succeeded", responseStatus: result.status! };
  return { kind: "failed", responseStatus: result.status, error: error!, unreachable: result.unreachable, final: failed };
}

/**
 * POSTs the body: redirects are not followed (a 3xx is a failure), the whole exchange has
 * `timeoutMs`, and the socket connects only to addresses the SSRF guard accepted.
 */
function post(url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  return new Promise((resolve) => {
    let settled = false;
    const done = (result: Omit<PostResult, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return done({ status: null, error: "The URL is invalid.", responseBody: null, unreachable: false });
    }
    const allowPrivate = allowPrivateUrls();
    if (target.protocol !== "https:" && !(allowPrivate && target.protocol === "http:")) {
      return done({ status: null, error: "The URL is not https.", responseBody: null, unreachable: false });
    }
    const client = target.protocol === "https:" ? https : http;
    const request = client.request(
      target,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        agent: false,
        ...(allowPrivate ? {} : { lookup: guardedLookup }),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          if (size < WEBHOOK_BODY_LOG_MAX) chunks.push(chunk);
          size += chunk.length;
        });
        response.on("end", () => {
          const status = response.statusCode ?? null;
          const text = Buffer.concat(chunks).toString("utf8").slice(0, WEBHOOK_BODY_LOG_MAX).replaceAll("\u0000", "");
          const error = status !== null && status >= 300 && status < 400 ? `The endpoint redirected (${status}); redirects are not followed.` : null;
          done({ status, error, responseBody: text, unreachable: false });
        });
        response.on("error", (e) => done({ status: response.statusCode ?? null, error: `The response broke off: ${e.message}`, responseBody: null, unreachable: true }));
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      done({ status: null, error: `No answer within ${timeoutMs / 1000} seconds.`, responseBody: null, unreachable: true });
    }, timeoutMs);
    request.on("error", (e) => {
      const blocked = e instanceof BlockedAddressError;
      done({ status: null, error: blocked ? `Refused: ${e.message}.` : `The request failed: ${e.message}`, responseBody: null, unreachable: !blocked });
    });
    request.end(body);
  });
}
