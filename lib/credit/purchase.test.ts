import http from "node:http";
import type { AddressInfo } from "node:net";
import { asc, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { appliedCheckoutSessions, creditLedger } from "@/db/schema";
import { resetConfig } from "@/lib/config";
import type { ServiceContext } from "@/lib/context";
import { deleteAccount } from "@/lib/account/delete";
import { call, createUser, type TestUser } from "@/test/api";
import { creditOf } from "@/test/order-fixtures";
import { applyCheckoutSession, DEMO_TOP_UP_NOTE, demoTopUp, paymentOptions, purchaseStatus, startCheckout } from "./purchase";
import { buyCreditSchema } from "./schema";

const WEBHOOK_SECRET = "whsec_test_cardmail_0123456789";

type SeenRequest = { method: string; path: string; headers: http.IncomingHttpHeaders; form: URLSearchParams };

/** Answers like Stripe's API: POST /v1/checkout/sessions with a form-encoded body, a JSON session back. */
function fakeStripe() {
  const seen: SeenRequest[] = [];
  let answer: { status: number; body: unknown } | undefined;
  let sequence = 0;
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const form = new URLSearchParams(body);
      seen.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, form });
      res.setHeader("Content-Type", "application/json");
      res.setHeader("Request-Id", `req_test_${seen.length}`);
      if (answer) {
        res.statusCode = answer.status;
        res.end(JSON.stringify(answer.body));
        return;
      }
      if (req.method === "POST" && req.url === "/v1/refunds") {
        res.end(JSON.stringify({ id: `re_test_${seen.length}`, object: "refund", status: "succeeded", payment_intent: form.get("payment_intent") }));
        return;
      }
      if (req.method !== "POST" || req.url !== "/v1/checkout/sessions") {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${req.url}).` } }));
        return;
      }
      sequence += 1;
      const id = `cs_test_fake${sequence}`;
      res.end(
        JSON.stringify({
          id,
          object: "checkout.session",
          mode: form.get("mode"),
          status: "open",
          payment_status: "unpaid",
          currency: form.get("line_items[0][price_data][currency]"),
          amount_total: Number(form.get("line_items[0][price_data][unit_amount]")),
          client_reference_id: form.get("client_reference_id"),
          metadata: { user_id: form.get("metadata[user_id]"), amount_cents: form.get("metadata[amount_cents]") },
          success_url: form.get("success_url"),
          cancel_url: form.get("cancel_url"),
          url: `https://checkout.stripe.com/c/pay/${id}`,
        }),
      );
    });
  });
  return {
    seen,
    server,
    answerWith(next: { status: number; body: unknown } | undefined) {
      answer = next;
    },
  };
}

const stripe = fakeStripe();
const savedEnv = { ...process.env };

beforeAll(async () => {
  await new Promise<void>((resolve) => stripe.server.listen(0, "127.0.0.1", resolve));
  const { port } = stripe.server.address() as AddressInfo;
  process.env.STRIPE_SECRET_KEY = "sk_test_cardmail";
  process.env.STRIPE_API_URL = `http://127.0.0.1:${port}`;
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.APP_URL = "https://cards.example.com";
  process.env.DEMO_PAYMENTS = "true";
  resetConfig();
});

afterAll(async () => {
  for (const key of ["STRIPE_SECRET_KEY", "STRIPE_API_URL", "STRIPE_WEBHOOK_SECRET", "APP_URL", "DEMO_PAYMENTS"]) {
    if (savedEnv[key] === undefined) delete process.env[key];
    else process.env[key] = savedEnv[key];
  }
  resetConfig();
  await new Promise((resolve) => stripe.server.close(resolve));
});

beforeEach(() => {
  stripe.seen.length = 0;
  stripe.answerWith(undefined);
});

async function ctxOf(user: TestUser): Promise<ServiceContext> {
  return { db: await getDb(), user: { id: user.id, accountType: 1 } };
}

async function ledgerOf(userId: number) {
  const db = await getDb();
  return db.select().from(creditLedger).where(eq(creditLedger.userId, userId)).orderBy(asc(creditLedger.id));
}

let eventSequence = 0;

/** A Checkout Session event as Stripe sends it, for a session this app created. */
function sessionEvent(options: { sessionId: string; userId: number; amountCents: number; type?: string; paymentStatus?: string; paymentIntent?: string }) {
  eventSequence += 1;
  return {
    id: `evt_test_${eventSequence}`,
    object: "event",
    api_version: "2026-01-28.clover",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type: options.type ?? "checkout.session.completed",
    data: {
      object: {
        id: options.sessionId,
        object: "checkout.session",
        mode: "payment",
        status: "complete",
        payment_status: options.paymentStatus ?? "paid",
        currency: "usd",
        amount_total: options.amountCents,
        payment_intent: options.paymentIntent ?? null,
        client_reference_id: String(options.userId),
        metadata: { user_id: String(options.userId), amount_cents: String(options.amountCents) },
      },
    },
  };
}

/** Delivers an event to the webhook route, signed with the endpoint's secret unless told otherwise. */
function deliver(event: unknown, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return call("POST", "/api/stripe/webhook", { rawBody: payload, headers: { "content-type": "application/json", "stripe-signature": signature } });
}

let sessionSequence = 0;
const newSessionId = () => `cs_test_${Date.now().toString(36)}_${(sessionSequence += 1)}`;

describe("buyCreditSchema", () => {
  it("takes a pack or a custom amount from $10 to $1,000, and says what is wrong otherwise", () => {
    expect(buyCreditSchema.parse({ pack: "25" })).toEqual({ amountCents: 2500 });
    expect(buyCreditSchema.parse({ pack: "100", custom_amount: "5" })).toEqual({ amountCents: 10000 });
    expect(buyCreditSchema.parse({ pack: "custom", custom_amount: "$1,000" })).toEqual({ amountCents: 100000 });
    expect(buyCreditSchema.parse({ pack: "custom", custom_amount: " 40.5 " })).toEqual({ amountCents: 4050 });

    const messages = (input: unknown) => buyCreditSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(messages({})).toEqual([["pack", "Choose how much credit to add."]]);
    expect(messages({ pack: "30" })).toEqual([["pack", "Choose how much credit to add."]]);
    expect(messages({ pack: "custom" })).toEqual([["custom_amount", "Enter an amount between $10 and $1,000."]]);
    expect(messages({ pack: "custom", custom_amount: "ten" })).toEqual([["custom_amount", "Enter the amount in dollars, like 40 or 40.50."]]);
    expect(messages({ pack: "custom", custom_amount: "9.99" })).toEqual([["custom_amount", "The amount must be between $10 and $1,000."]]);
    expect(messages({ pack: "custom", custom_amount: "1000.01" })).toEqual([["custom_amount", "The amount must be between $10 and $1,000."]]);
  });
});

describe("startCheckout", () => {
  it("creates a Checkout Session with Stripe's documented parameters and returns its payment page", async () => {
    const user = await createUser();
    const started = await startCheckout(await ctxOf(user), { pack: "custom", custom_amount: "42.50" });

    expect(started).toEqual({ sessionId: "cs_test_fake1", url: "https://checkout.stripe.com/c/pay/cs_test_fake1" });
    expect(stripe.seen).toHaveLength(1);
    const [request] = stripe.seen;
    expect(request!.method).toBe("POST");
    expect(request!.path).toBe("/v1/checkout/sessions");
    expect(request!.headers.authorization).toBe("Bearer sk_test_cardmail");
    expect(request!.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(request!.form)).toEqual({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "4250",
      "line_items[0][price_data][product_data][name]": "Cardmail credit",
      "line_items[0][price_data][product_data][description]": "Account credit for mailing cards",
      customer_email: user.email,
      client_reference_id: String(user.id),
      "metadata[user_id]": String(user.id),
      "metadata[amount_cents]": "4250",
      success_url: "https://cards.example.com/account/credit/success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "https://cards.example.com/account/credit?cancelled=1",
    });
    // Nothing is credited before Stripe says the money is in.
    expect(await creditOf(user.id)).toBe(0);
  });

  it("refuses an invalid amount before calling Stripe", async () => {
    const user = await createUser();
    await expect(startCheckout(await ctxOf(user), { pack: "custom", custom_amount: "2000" })).rejects.toMatchObject({
      status: 422,
      details: { errors: { custom_amount: ["The amount must be between $10 and $1,000."] } },
    });
    expect(stripe.seen).toHaveLength(0);
  });

  it("answers in words when Stripe refuses", async () => {
    const user = await createUser();
    stripe.answerWith({ status: 400, body: { error: { type: "invalid_request_error", message: "Invalid API Key provided: sk_test_****" } } });
    await expect(startCheckout(await ctxOf(user), { pack: "25" })).rejects.toMatchObject({
      status: 500,
      message: "The payment page could not be opened just now. Please try again in a moment.",
    });
  });
});

describe("POST /api/stripe/webhook", () => {
  it("credits a paid session once, as a purchase, and the success page's status sees it", async () => {
    const user = await createUser({ creditCents: 300 });
    const sessionId = newSessionId();
    const ctx = await ctxOf(user);
    expect(await purchaseStatus(ctx, { session_id: sessionId })).toEqual({ applied: false, balanceCents: 300 });

    const event = sessionEvent({ sessionId, userId: user.id, amountCents: 5000 });
    const first = await deliver(event);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true, applied: true });
    // Stripe delivers again when it missed the answer: the same event credits nothing more.
    const again = await deliver(event);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ received: true, applied: false });

    expect(await creditOf(user.id)).toBe(5300);
    const ledger = await ledgerOf(user.id);
    expect(ledger.map((e) => [e.kind, e.amountCents, e.balanceAfterCents, e.note])).toEqual([["purchase", 5000, 5300, null]]);
    const db = await getDb();
    const [applied] = await db.select().from(appliedCheckoutSessions).where(eq(appliedCheckoutSessions.sessionId, sessionId));
    expect(applied).toMatchObject({ userId: user.id, amountCents: 5000, ledgerId: ledger[0]!.id });

    expect(await purchaseStatus(ctx, { session_id: sessionId })).toEqual({ applied: true, amountCents: 5000, balanceCents: 5300 });
    // Another account cannot learn about this session.
    expect(await purchaseStatus(await ctxOf(await createUser()), { session_id: sessionId })).toEqual({ applied: false, balanceCents: 0 });
  });

  it("refunds, once, a payment that lands after its account was deleted, and credits nothing", async () => {
    const user = await createUser({ creditCents: 300 });
    await deleteAccount(await ctxOf(user), { email: user.email, current_password: user.password }, "192.0.2.1");
    const sessionId = newSessionId();
    const event = sessionEvent({ sessionId, userId: user.id, amountCents: 2500, paymentIntent: "pi_test_deleted" });

    for (let delivery = 0; delivery < 2; delivery++) {
      const answer = await deliver(event);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ received: true, applied: false });
    }

    const refunds = stripe.seen.filter((request) => request.path === "/v1/refunds");
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.form.get("payment_intent")).toBe("pi_test_deleted");
    expect(refunds[0]!.headers["idempotency-key"]).toBe(`refund-${sessionId}`);
    expect(await creditOf(user.id)).toBe(0);
    expect((await ledgerOf(user.id)).map((e) => e.kind)).not.toContain("purchase");
  });

  it("credits two different sessions twice", async () => {
    const user = await createUser();
    expect((await deliver(sessionEvent({ sessionId: newSessionId(), userId: user.id, amountCents: 2500 }))).body).toEqual({ received: true, applied: true });
    expect((await deliver(sessionEvent({ sessionId: newSessionId(), userId: user.id, amountCents: 2500 }))).body).toEqual({ received: true, applied: true });
    expect(await creditOf(user.id)).toBe(5000);
    expect((await ledgerOf(user.id)).map((e) => e.balanceAfterCents)).toEqual([2500, 5000]);
  });

  it("credits once when the same session arrives many times at once", async () => {
    const user = await createUser();
    const sessionId = newSessionId();
    const completed = sessionEvent({ sessionId, userId: user.id, amountCents: 10000 });
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => deliver(completed)),
      deliver(sessionEvent({ sessionId, userId: user.id, amountCents: 10000, type: "checkout.session.async_payment_succeeded" })),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.body.applied)).toHaveLength(1);
    expect(await creditOf(user.id)).toBe(10000);
    expect(await ledgerOf(user.id)).toHaveLength(1);

    // The service itself, straight: concurrent claims of one session credit once.
    const direct = await Promise.all(Array.from({ length: 4 }, async () => applyCheckoutSession(await getDb(), { sessionId: `${sessionId}_b`, userId: user.id, amountCents: 1000 })));
    expect(direct.filter((r) => r.applied)).toHaveLength(1);
    expect(await creditOf(user.id)).toBe(11000);
  });

  it("refuses a bad or missing signature with a JSON 400 and credits nothing", async () => {
    const user = await createUser();
    const event = sessionEvent({ sessionId: newSessionId(), userId: user.id, amountCents: 2500 });

    const forged = await deliver(event, "whsec_someone_else");
    expect(forged.status).toBe(400);
    expect(forged.headers.get("content-type")).toMatch(/^application\/json/);
    expect(forged.body).toEqual({ message: "The Stripe signature is missing or invalid." });

    const unsigned = await call("POST", "/api/stripe/webhook", { rawBody: JSON.stringify(event), headers: { "content-type": "application/json" } });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body).toEqual({ message: "The Stripe signature is missing or invalid." });

    // A payload changed after signing.
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await call("POST", "/api/stripe/webhook", { rawBody: payload.replace("2500", "250000"), headers: { "stripe-signature": signature } });
    expect(tampered.status).toBe(400);

    expect(await creditOf(user.id)).toBe(0);
  });

  it("acknowledges other events, unpaid sessions and sessions it did not create without crediting", async () => {
    const user = await createUser();
    const other = { id: "evt_test_other", object: "event", type: "customer.created", data: { object: { id: "cus_test_1", object: "customer" } } };
    expect(await deliver(other)).toMatchObject({ status: 200, body: { received: true, applied: false } });
    const unpaid = sessionEvent({ sessionId: newSessionId(), userId: user.id, amountCents: 2500, paymentStatus: "unpaid" });
    expect(await deliver(unpaid)).toMatchObject({ status: 200, body: { received: true, applied: false } });
    const foreign = sessionEvent({ sessionId: newSessionId(), userId: user.id, amountCents: 2500 });
    foreign.data.object.metadata = {} as typeof foreign.data.object.metadata;
    foreign.data.object.amount_total = 999;
    expect(await deliver(foreign)).toMatchObject({ status: 200, body: { received: true, applied: false } });
    expect(await creditOf(user.id)).toBe(0);

    expect((await call("GET", "/api/stripe/webhook")).status).toBe(405);
  });
});

describe("demoTopUp", () => {
  it("adds the chosen amount at once as a purchase whose note says it was a demo", async () => {
    const user = await createUser({ creditCents: 100 });
    const entry = await demoTopUp(await ctxOf(user), { pack: "50" });
    expect(entry).toMatchObject({ kind: "purchase", amountCents: 5000, balanceAfterCents: 5100, note: DEMO_TOP_UP_NOTE });
    expect(await creditOf(user.id)).toBe(5100);

    await expect(demoTopUp(await ctxOf(user), { pack: "custom", custom_amount: "1" })).rejects.toMatchObject({ status: 422 });
    expect(await creditOf(user.id)).toBe(5100);
  });

  it("is refused when the server does not offer demo top-ups", async () => {
    const user = await createUser();
    process.env.DEMO_PAYMENTS = "false";
    resetConfig();
    try {
      expect(paymentOptions()).toEqual({ stripe: true, demo: false });
      await expect(demoTopUp(await ctxOf(user), { pack: "25" })).rejects.toMatchObject({ status: 403 });
    } finally {
      process.env.DEMO_PAYMENTS = "true";
      resetConfig();
    }
    expect(await creditOf(user.id)).toBe(0);
  });
});
