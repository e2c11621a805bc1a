import "server-only";
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { z } from "zod";
import type { Database } from "@/db/client";
import { appliedCheckoutSessions, users } from "@/db/schema";
import { appOrigin, config } from "@/lib/config";
import type { ServiceContext } from "@/lib/context";
import { AppError, fieldError, forbidden, notFound } from "@/lib/errors";
import { isSerialId } from "@/lib/ids";
import { log } from "@/lib/logger";
import { parseInput, requiredText } from "@/lib/validation";
import { buyCreditSchema, MAX_PURCHASE_CENTS, MIN_PURCHASE_CENTS, type BuyCreditInput } from "./schema";
import { moveCredit, type LedgerEntry } from "./ledger";

/** The ledger note of a demo top-up: the row says that no money came in. */
export const DEMO_TOP_UP_NOTE = "Demo top-up: no payment was taken.";

/** What the credit page can offer on this server. */
export type PaymentOptions = { stripe: boolean; demo: boolean };

export function paymentOptions(): PaymentOptions {
  const { STRIPE_SECRET_KEY, DEMO_PAYMENTS } = config();
  return { stripe: !!STRIPE_SECRET_KEY, demo: DEMO_PAYMENTS };
}

let client: { key: string; apiUrl: string | undefined; stripe: Stripe } | undefined;

/** The Stripe client of the configured key (and API address), or undefined without a key. */
export function stripeClient(): Stripe | undefined {
  const { STRIPE_SECRET_KEY: key, STRIPE_API_URL: apiUrl } = config();
  if (!key) return undefined;
  if (client && client.key === key && client.apiUrl === apiUrl) return client.stripe;
  const target = apiUrl ? new URL(apiUrl) : undefined;
  const stripe = new Stripe(key, {
    appInfo: { name: "Cardmail" },
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === "https:" ? 443 : 80),
          protocol: target.protocol === "https:" ? ("https" as const) : ("http" as const),
        }
      : {}),
  });
  client = { key, apiUrl, stripe };
  return stripe;
}

/** Adds bought credit to an account inside the caller's transaction; undefined when the account is gone. */
async function addPurchasedCredit(tx: Database, userId: number, amountCents: number, note: string | null): Promise<LedgerEntry | undefined> {
  const change = await moveCredit(tx, { userId, amountCents, kind: "purchase", note });
  if (change.outcome === "no-account") return undefined;
  if (change.outcome === "out-of-bounds") throw fieldError("custom_amount", "That would take the balance above the largest amount an account can hold.");
  return change.entry;
}

/**
 * Opens a Stripe Checkout Session for the chosen amount and returns the URL of its payment page.
 * Nothing is credited here: the signed webhook does that once Stripe has the money.
 */
export async function startCheckout(ctx: ServiceContext, input: BuyCreditInput): Promise<{ url: string; sessionId: string }> {
  const { amountCents } = parseInput(buyCreditSchema, input);
  const stripe = stripeClient();
  if (!stripe) throw forbidden("Paying by card is not set up on this server.");
  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, ctx.user.id));
  if (!user) throw notFound("User not found");
  const origin = appOrigin();
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create({
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "usd",
            unit_amount: amountCents,
            product_data: { name: "Cardmail credit", description: "Account credit for mailing cards" },
          },
        },
      ],
      customer_email: user.email,
      client_reference_id: String(ctx.user.id),
      metadata: { user_id: String(ctx.user.id), amount_cents: String(amountCents) },
      success_url: `${origin}/account/credit/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin}/account/credit?cancelled=1`,
    });
  } catch (error) {
    log("stripe").error({ err: error, user_id: ctx.user.id }, "Stripe refused to create a Checkout Session");
    throw new AppError("internal", "The payment page could not be opened just now. Please try again in a moment.");
  }
  if (!session.url) {
    log("stripe").error({ session_id: session.id }, "Stripe returned a Checkout Session without a URL");
    throw new AppError("internal", "The payment page could not be opened just now. Please try again in a moment.");
  }
  return { url: session.url, sessionId: session.id };
}

export type AppliedSession = { applied: boolean; entry?: LedgerEntry; refunded?: boolean };

/**
 * Credits a paid Checkout Session exactly once. The session's row is claimed first: a second
 * delivery, even one running at the same moment, waits on the unique session id and then finds
 * it taken, so it adds nothing. An account deleted before its payment landed gets no credit, whose
 * balance was closed: the payment is refunded instead, once (Stripe's idempotency key), and a
 * refund Stripe refuses rolls the claim back so that Stripe's next delivery tries again.
 */
export async function applyCheckoutSession(
  db: Database,
  session: { sessionId: string; userId: number; amountCents: number; paymentIntent?: string | null },
): Promise<AppliedSession> {
  return db.transaction(async (tx) => {
    // Locked, so that an account being deleted is seen either whole or deleted.
    const [account] = await tx.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, session.userId)).for("update");
    if (!account) return { applied: false };
    const [claimed] = await tx
      .insert(appliedCheckoutSessions)
      .values({ sessionId: session.sessionId, userId: session.userId, amountCents: session.amountCents })
      .onConflictDoNothing({ target: appliedCheckoutSessions.sessionId })
      .returning({ id: appliedCheckoutSessions.id });
    if (!claimed) return { applied: false };
    if (account.deletedAt) {
      await refundPayment(session);
      return { applied: false, refunded: true };
    }
    const entry = await addPurchasedCredit(tx, session.userId, session.amountCents, null);
    if (!entry) throw new Error(`User ${session.userId} was deleted while their payment was being credited`);
    await tx.update(appliedCheckoutSessions).set({ ledgerId: entry.id }).where(eq(appliedCheckoutSessions.id, claimed.id));
    return { applied: true, entry };
  });
}

async function refundPayment(session: { sessionId: string; userId: number; paymentIntent?: string | null }): Promise<void> {
  const stripe = stripeClient();
  if (!stripe || !session.paymentIntent) {
    log("stripe").error({ session_id: session.sessionId, user_id: session.userId }, "A payment for a deleted account was not credited and must be refunded by hand");
    return;
  }
  await stripe.refunds.create({ payment_intent: session.paymentIntent, metadata: { session_id: session.sessionId } }, { idempotencyKey: `refund-${session.sessionId}` });
  log("stripe").warn({ session_id: session.sessionId, user_id: session.userId }, "A payment for a deleted account was refunded");
}

const CREDITING_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

/** The user and amount a session of ours carries, or undefined for a session this app did not make. */
function purchaseOf(session: Stripe.Checkout.Session): { userId: number; amountCents: number } | undefined {
  const userId = Number(session.metadata?.user_id ?? session.client_reference_id);
  const amountCents = Number(session.metadata?.amount_cents);
  if (!isSerialId(userId) || !Number.isInteger(amountCents) || amountCents < MIN_PURCHASE_CENTS || amountCents > MAX_PURCHASE_CENTS) return undefined;
  if (session.mode !== "payment" || session.currency !== "usd" || session.amount_total !== amountCents) return undefined;
  return { userId, amountCents };
}

export type WebhookOutcome = { received: true; applied: boolean };

/**
 * A webhook delivery from Stripe: verified against STRIPE_WEBHOOK_SECRET, then a paid Checkout
 * Session becomes credit (once). Other events are acknowledged and ignored, so Stripe stops
 * sending them again.
 */
export async function handleStripeWebhook(db: Database, payload: string, signature: string | null): Promise<WebhookOutcome> {
  const secret = config().STRIPE_WEBHOOK_SECRET;
  if (!secret) throw notFound("Stripe webhooks are not set up on this server.");
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(payload, signature ?? "", secret);
  } catch {
    throw new AppError("bad_request", "The Stripe signature is missing or invalid.");
  }
  if (!CREDITING_EVENTS.has(event.type)) return { received: true, applied: false };
  const session = event.data.object as Stripe.Checkout.Session;
  // Paid later (a bank debit): async_payment_succeeded brings the money.
  if (session.payment_status !== "paid") return { received: true, applied: false };
  const purchase = purchaseOf(session);
  if (!purchase) {
    log("stripe").warn({ event_id: event.id, session_id: session.id }, "A paid Checkout Session that Cardmail did not create was ignored");
    return { received: true, applied: false };
  }
  const paymentIntent = typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
  const result = await applyCheckoutSession(db, { sessionId: session.id, ...purchase, paymentIntent });
  if (result.applied) log("stripe").info({ event_id: event.id, session_id: session.id, user_id: purchase.userId, amount_cents: purchase.amountCents }, "Credit bought");
  return { received: true, applied: result.applied };
}

export const checkoutSessionIdSchema = z.object({ session_id: requiredText(255) });

export type PurchaseStatus = { applied: false; balanceCents: number } | { applied: true; amountCents: number; balanceCents: number };

/** Whether the acting user's Checkout Session has been credited yet, for the page they return to. */
export async function purchaseStatus(ctx: ServiceContext, input: { session_id?: unknown }): Promise<PurchaseStatus> {
  const { session_id: sessionId } = parseInput(checkoutSessionIdSchema, input);
  const [[applied], [user]] = await Promise.all([
    ctx.db
      .select({ amountCents: appliedCheckoutSessions.amountCents })
      .from(appliedCheckoutSessions)
      .where(and(eq(appliedCheckoutSessions.sessionId, sessionId), eq(appliedCheckoutSessions.userId, ctx.user.id))),
    ctx.db.select({ creditCents: users.creditCents }).from(users).where(eq(users.id, ctx.user.id)),
  ]);
  if (!user) throw notFound("User not found");
  return applied ? { applied: true, amountCents: applied.amountCents, balanceCents: user.creditCents } : { applied: false, balanceCents: user.creditCents };
}

/** The demo top-up: the chosen amount is added at once, as a purchase whose note says no payment was taken. */
export async function demoTopUp(ctx: ServiceContext, input: BuyCreditInput): Promise<LedgerEntry> {
  if (!config().DEMO_PAYMENTS) throw forbidden("Demo top-ups are not available on this server.");
  const { amountCents } = parseInput(buyCreditSchema, input);
  const entry = await ctx.db.transaction((tx) => addPurchasedCredit(tx, ctx.user.id, amountCents, DEMO_TOP_UP_NOTE));
  if (!entry) throw notFound("User not found");
  return entry;
}
