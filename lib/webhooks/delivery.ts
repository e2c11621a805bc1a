import "server-only";
import http from "node:http";
import https from "node:https";
import { sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { execute, type Database } from "@/db/client";
import { config } from "@/lib/config";
import type { JobContext } from "@/lib/queue/queue";
import { enqueueDeliveries } from "./jobs/enqueue";
import { allowPrivateUrls, BlockedAddressError, guardedLookup, refusedLiteralAddress } from "./url-guard";

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

export type Claimed = {
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
 * Where an attempt claims its delivery and records its result: straight to the database, or
 * (the delivery workers) through a batcher that writes many attempts' in one statement.
 */
export type DeliveryStore = {
  claim(deliveryId: number): Promise<Claimed | undefined>;
  record(attempt: AttemptRecord): Promise<void>;
};

/** One attempt's log row, the delivery's new state and, when another attempt follows, its time. */
export type AttemptRecord = {
  deliveryId: number;
  userId: number;
  attempt: number;
  status: "succeeded" | "failed" | "pending";
  responseStatus: number | null;
  error: string | null;
  nextAttemptAt: Date | null;
  /** When the next attempt's job starts (the app server's clock); null without a next attempt. */
  retryAt: Date | null;
  durationMs: number;
  requestBody: string;
  responseBody: string | null;
};

export const directStore = (ctx: JobContext): DeliveryStore => ({
  claim: async (deliveryId) => (await claimDeliveries(ctx, [deliveryId]))[0],
  record: (attempt) => recordAttempts(ctx.db, [attempt]),
});

/**
 * Claims the deliveries among `ids` that are still pending and due: each gets one more attempt
 * and a lease, and is returned with its endpoint and event. Claiming is a compare-and-set on the
 * row: of two jobs for one delivery, one attempts. Due by the database's clock too (which
 * stamped a new delivery), so an app server whose clock runs a little behind never skips a job
 * that no other job will follow.
 */
export async function claimDeliveries(ctx: JobContext, ids: number[]): Promise<Claimed[]> {
  if (ids.length === 0) return [];
  const now = ctx.clock.now().toISOString();
  return execute<Claimed>(
    ctx.db,
    sql`
      with claimed as (
        update webhook_deliveries d
        set attempts = d.attempts + 1,
            next_attempt_at = ${now}::timestamptz + ${ATTEMPT_LEASE_SECONDS}::int * interval '1 second',
            updated_at = now()
        where d.id in (${sql.join(
          ids.map((id) => sql`${id}::int`),
          sql`, `,
        )}) and d.status = 'pending'
          and (d.next_attempt_at is null or d.next_attempt_at <= greatest(now(), ${now}::timestamptz))
        returning d.id, d.user_id, d.endpoint_id, d.event_id, d.attempts
      )
      select c.*, e.url, e.active, e.secret, e.previous_secret,
             coalesce(e.previous_secret_expires_at > ${now}::timestamptz, false) as previous_valid,
             ev.type, ev.payload, ev.created_at as event_created_at
      from claimed c
      join webhook_endpoints e on e.id = c.endpoint_id
      join webhook_events ev on ev.id = c.event_id
    `,
  );
}

/**
 * Writes attempts: their log rows and their deliveries' new state in one statement (atomic on
 * its own, and pipelined with others on a busy connection, where a transaction would hold one);
 * a transaction only when some attempt has a next one, whose job commits with it.
 */
export async function recordAttempts(db: Database, attempts: AttemptRecord[]): Promise<void> {
  if (attempts.length === 0) return;
  const rows = sql.join(
    attempts.map(
      (a) =>
        sql`(${a.deliveryId}::int, ${a.userId}::int, ${a.attempt}::int, ${a.status}::text, ${a.responseStatus}::int, ${a.error}::text,
             ${a.nextAttemptAt ? a.nextAttemptAt.toISOString() : null}::timestamptz, ${a.durationMs}::int, ${a.requestBody}::text, ${a.responseBody}::text)`,
    ),
    sql`, `,
  );
  const write = (target: Database) =>
    execute(
      target,
      sql`
        with attempt (delivery_id, user_id, attempt, status, response_status, error, next_attempt_at, duration_ms, request_body, response_body) as (
          values ${rows}
        ),
        updated as (
          update webhook_deliveries d
          set status = a.status, response_status = a.response_status, error = a.error, next_attempt_at = a.next_attempt_at, updated_at = now()
          from attempt a
          where d.id = a.delivery_id and d.status = 'pending'
        )
        insert into webhook_attempts (delivery_id, user_id, attempt, response_status, error, duration_ms, request_body, response_body)
        select delivery_id, user_id, attempt, response_status, error, duration_ms, request_body, response_body from attempt
      `,
    );
  const retries = attempts.filter((a) => a.retryAt !== null);
  if (retries.length === 0) return void (await write(db));
  await db.transaction(async (tx: Database) => {
    await write(tx);
    await enqueueDeliveries(
      tx,
      retries.map((a) => ({ deliveryId: a.deliveryId, startAfter: a.retryAt! })),
    );
  });
}

/**
 * Makes one attempt of a delivery, if it is still pending and due, and records it: success, or
 * the next attempt's time and job, or `failed` after the last one.
 */
export async function deliverWebhook(ctx: JobContext, deliveryId: number, options: DeliveryOptions = {}, store: DeliveryStore = directStore(ctx)): Promise<AttemptOutcome> {
  const claimed = await store.claim(deliveryId);
  if (!claimed) return { kind: "skipped" };
  const { record, outcome } = await sendAttempt(ctx, claimed, options);
  await store.record(record);
  return outcome;
}

/**
 * Sends the request of a claimed attempt (none to an endpoint switched off) and says what to
 * record: its result, and the next attempt's time or `failed` after the last one.
 */
export async function sendAttempt(ctx: JobContext, claimed: Claimed, options: DeliveryOptions = {}): Promise<{ record: AttemptRecord; outcome: AttemptOutcome }> {
  const body = requestBody(claimed.type, new Date(claimed.event_created_at), claimed.payload);
  if (!claimed.active) {
    // Switched off after the event: nothing is sent, and retrying after switching it on sends it.
    return settle(ctx, claimed, body, { status: null, error: "The endpoint is switched off.", durationMs: 0, responseBody: null, unreachable: false }, true);
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
  return settle(ctx, claimed, body, result, false);
}

type PostResult = { status: number | null; error: string | null; durationMs: number; responseBody: string | null; unreachable: boolean };

function settle(ctx: JobContext, claimed: Claimed, body: string, result: PostResult, final: boolean): { record: AttemptRecord; outcome: AttemptOutcome } {
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const delays = retryDelaysSeconds();
  const delay = delays[claimed.attempts - 1];
  const failed = !ok && (final || delay === undefined);
  const next = ok || failed ? null : new Date(ctx.clock.now().getTime() + delay! * 1000);
  const error = ok ? null : (result.error ?? `The endpoint answered ${result.status}.`);
  const record: AttemptRecord = {
    deliveryId: claimed.id,
    userId: claimed.user_id,
    attempt: claimed.attempts,
    status: ok ? "succeeded" : failed ? "failed" : "pending",
    responseStatus: result.status,
    error,
    nextAttemptAt: next,
    retryAt: next ? new Date(Date.now() + delay! * 1000) : null,
    durationMs: Math.round(result.durationMs),
    requestBody: body.slice(0, WEBHOOK_BODY_LOG_MAX),
    responseBody: result.responseBody,
  };
  const outcome: AttemptOutcome = ok
    ? { kind: "succeeded", responseStatus: result.status! }
    : { kind: "failed", responseStatus: result.status, error: error!, unreachable: result.unreachable, final: failed };
  return { record, outcome };
}

/*
 * Connections are kept alive between requests: a burst of events to one endpoint reuses a few
 * sockets rather than opening one per request. The SSRF guard runs when a socket connects, so
 * a reused socket is one to an address that was checked; an idle socket is closed after
 * IDLE_SOCKET_MS (shorter than the usual 5 s of servers' own keep-alive), so a name that now
 * resolves elsewhere is looked up again within seconds. Sockets opened without the guard
 * (WEBHOOK_ALLOW_PRIVATE_URLS) are kept apart from guarded ones. The agents set no limit of their
 * own: the delivery workers bound the requests in flight per endpoint.
 */
const IDLE_SOCKET_MS = 4000;
const agentOptions = { keepAlive: true, maxFreeSockets: 256, timeout: IDLE_SOCKET_MS, scheduling: "lifo" } as const;
const agents = {
  guarded: { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) },
  open: { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) },
};

/**
 * POSTs the body: redirects are not followed (a 3xx is a failure), the whole exchange has
 * `timeoutMs`, and the socket connects only to addresses the SSRF guard accepted.
 */
async function post(url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<PostResult> {
  const started = performance.now();
  const first = await postOnce(url, headers, body, timeoutMs, started);
  // A kept-alive socket the server closed just as it was reused fails before the server saw the
  // request: sent again on a new connection, it is not a failed attempt of the endpoint.
  return first.staleSocket ? postOnce(url, headers, body, timeoutMs, started) : first;
}

/**
 * Why no request may be made to `url` at all (checked before any socket exists), or the URL to
 * send to. Each refusal is a failed attempt with its reason, retried on the schedule like any.
 */
function targetOf(url: string, allowPrivate: boolean): { target: URL } | { refusal: string } {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { refusal: "The URL is invalid." };
  }
  // An endpoint saved while WEBHOOK_ALLOW_PRIVATE_URLS was on is judged by today's rule.
  if (target.protocol !== "https:" && !(allowPrivate && target.protocol === "http:")) return { refusal: "The URL is not https." };
  const literal = allowPrivate ? null : refusedLiteralAddress(target);
  if (literal) return { refusal: `Refused: ${literal}.` };
  return { target };
}

function postOnce(url: string, headers: Record<string, string>, body: string, timeoutMs: number, started: number): Promise<PostResult & { staleSocket?: boolean }> {
  const elapsed = () => performance.now() - started;
  const allowPrivate = allowPrivateUrls();
  const checked = targetOf(url, allowPrivate);
  if ("refusal" in checked) return Promise.resolve({ status: null, error: checked.refusal, responseBody: null, unreachable: false, durationMs: elapsed() });
  const { target } = checked;
  const secure = target.protocol === "https:";
  return new Promise((resolve) => {
    let settled = false;
    // Before anything that may call `done`, which clears it.
    const timer = setTimeout(() => {
      request.destroy();
      done({ status: null, error: `No answer within ${timeoutMs / 1000} seconds.`, responseBody: null, unreachable: true });
    }, Math.max(0, timeoutMs - elapsed()));
    const done = (result: Omit<PostResult, "durationMs"> & { staleSocket?: boolean }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    let request: http.ClientRequest;
    try {
      request = (secure ? https : http).request(
        target,
        {
          method: "POST",
          headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
          agent: agents[allowPrivate ? "open" : "guarded"][secure ? "https" : "http"],
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
    } catch (error) {
      // What Node refuses to send at all (a URL it cannot request): a failed attempt, not a thrown job.
      return done({ status: null, error: `The request failed: ${(error as Error).message}`, responseBody: null, unreachable: false });
    }
    request.on("error", (e: NodeJS.ErrnoException) => {
      const blocked = e instanceof BlockedAddressError;
      const staleSocket = request.reusedSocket && (e.code === "ECONNRESET" || e.code === "EPIPE");
      done({ status: null, error: blocked ? `Refused: ${e.message}.` : `The request failed: ${e.message}`, responseBody: null, unreachable: !blocked, staleSocket });
    });
    request.end(body);
  });
}
