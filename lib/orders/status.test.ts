import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { creditLedger, mails, orderRecipients, orderStatusEvents } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { api, createUser, type TestUser } from "@/test/api";
import { ageOrderRecipients, createReadyProject, creditOf } from "@/test/order-fixtures";
import { trackOrderWithHistory } from "./service";
import { advanceFulfilment, cancelOrderRecipient, setRecipientStatus } from "./status-changes";
import { ALLOWED_FROM, allowedNextStatuses, FULFILMENT_PATH, isCancellable, isFinalStatus, NEXT_FULFILMENT_STEP, statusEntries, STATUS_ORDER } from "./status";

async function ctxOf(user: TestUser, accountType = 1): Promise<ServiceContext> {
  return { db: await getDb(), user: { id: user.id, accountType } };
}

async function placeOrder(user: TestUser, options: Parameters<typeof createReadyProject>[1] = {}) {
  const ready = await createReadyProject(user.id, options);
  const res = await api.post(`/cart/checkout/${ready.project.id}`, { token: user.token });
  expect(res.status).toBe(201);
  const db = await getDb();
  const pieces = await db.select().from(orderRecipients).where(eq(orderRecipients.orderId, res.body.data.order_id)).orderBy(asc(orderRecipients.id));
  return { ...ready, orderId: res.body.data.order_id as number, pieces };
}

async function statusesOf(orderId: number) {
  const db = await getDb();
  const rows = await db.select({ status: orderRecipients.status }).from(orderRecipients).where(eq(orderRecipients.orderId, orderId)).orderBy(asc(orderRecipients.id));
  return rows.map((r) => r.status);
}

async function eventsOf(orderRecipientId: number) {
  const db = await getDb();
  return db
    .select()
    .from(orderStatusEvents)
    .where(eq(orderStatusEvents.orderRecipientId, orderRecipientId))
    .orderBy(asc(orderStatusEvents.createdAt), asc(orderStatusEvents.id));
}

async function refundsOf(userId: number) {
  const db = await getDb();
  return db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.kind, "refund")));
}

describe("advanceFulfilment", () => {
  it("moves every piece one step at a time to delivered, logging each step, and tracking shows it", async () => {
    const user = await createUser({ creditCents: 5000 });
    const { orderId, pieces } = await placeOrder(user, { recipients: 2 });
    const db = await getDb();

    for (const expected of ["in_production", "mailed", "delivered", "delivered"]) {
      await advanceFulfilment(db, { stepSeconds: 0 });
      expect(await statusesOf(orderId)).toEqual([expected, expected]);
      const res = await api.get(`/orders/track/${orderId}`, { token: user.token });
      expect(res.body.data[0].recipients.map((r: { status: string }) => r.status)).toEqual([expected, expected]);
    }

    const events = await eventsOf(pieces[0]!.id);
    expect(events.map((e) => e.status)).toEqual(["pending", "in_production", "mailed", "delivered"]);
    for (let i = 1; i < events.length; i++) expect(events[i]!.createdAt.getTime()).toBeGreaterThanOrEqual(events[i - 1]!.createdAt.getTime());

    const [piece] = await db.select().from(orderRecipients).where(eq(orderRecipients.id, pieces[0]!.id));
    expect(piece!.updatedAt.getTime()).toBe(events[3]!.createdAt.getTime());

    const tracking = await trackOrderWithHistory(await ctxOf(user), orderId);
    expect(tracking.projects[0]!.recipients[0]!.statusHistory.map((h) => h.status)).toEqual(["pending", "in_production", "mailed", "delivered"]);
    expect(tracking.projects[0]!.recipients[0]!.statusHistory.every((h) => h.at instanceof Date)).toBe(true);
  });

  it("waits stepSeconds before moving a piece", async () => {
    const user = await createUser({ creditCents: 5000 });
    const { orderId } = await placeOrder(user, { recipients: 1 });
    const db = await getDb();

    await advanceFulfilment(db, { stepSeconds: 3600 });
    expect(await statusesOf(orderId)).toEqual(["pending"]);

    await ageOrderRecipients(orderId, 7200);
    await advanceFulfilment(db, { stepSeconds: 3600 });
    expect(await statusesOf(orderId)).toEqual(["in_production"]);

    await advanceFulfilment(db, { stepSeconds: 3600, now: new Date(Date.now() + 2 * 3600_000) });
    expect(await statusesOf(orderId)).toEqual(["mailed"]);
  });

  it("moves a piece one step only when several runs happen at once", async () => {
    const user = await createUser({ creditCents: 5000 });
    const { orderId, pieces } = await placeOrder(user, { recipients: 3 });
    await ageOrderRecipients(orderId, 120);
    const db = await getDb();

    await Promise.all(Array.from({ length: 6 }, () => advanceFulfilment(db, { stepSeconds: 60 })));

    expect(await statusesOf(orderId)).toEqual(["in_production", "in_production", "in_production"]);
    for (const piece of pieces) expect((await eventsOf(piece.id)).map((e) => e.status)).toEqual(["pending", "in_production"]);
  });
});

describe("cancelOrderRecipient", () => {
  it("cancels a pending piece and refunds its price once", async () => {
    const user = await createUser({ creditCents: 2000 });
    const { pieces, orderId } = await placeOrder(user, { priceCents: 500, recipients: 2 });
    expect(await creditOf(user.id)).toBe(1000);
    const ctx = await ctxOf(user);

    const cancelled = await cancelOrderRecipient(ctx, pieces[0]!.id);

    expect(cancelled.status).toBe("cancelled");
    expect(await creditOf(user.id)).toBe(1500);
    expect(await refundsOf(user.id)).toEqual([
      expect.objectContaining({ amountCents: 500, balanceAfterCents: 1500, orderId, orderRecipientId: pieces[0]!.id, createdBy: user.id }),
    ]);
    expect((await eventsOf(pieces[0]!.id)).map((e) => e.status)).toEqual(["pending", "cancelled"]);

    await expect(cancelOrderRecipient(ctx, pieces[0]!.id)).rejects.toMatchObject({ status: 422, message: "Cannot change status from cancelled to cancelled." });
    expect(await creditOf(user.id)).toBe(1500);
    expect(await refundsOf(user.id)).toHaveLength(1);
    // One mail says so, with the refund and the credit it left.
    const sent = await (await getDb()).select().from(mails).where(and(eq(mails.userId, user.id), eq(mails.kind, "order_cancelled")));
    expect(sent.map((mail) => mail.subject)).toEqual([`A card of order #${orderId} cancelled: $5.00 back to your credit`]);
    expect(sent[0]!.text).toContain(pieces[0]!.name);
    expect(sent[0]!.text).toContain("$15.00");

    const res = await api.get(`/orders/track/${orderId}`, { token: user.token });
    expect(res.body.data[0].recipients.map((r: { status: string }) => r.status)).toEqual(["cancelled", "pending"]);
  });

  it("refunds once when the same piece is cancelled several times at once", async () => {
    const user = await createUser({ creditCents: 1000 });
    const { pieces } = await placeOrder(user, { priceCents: 300, recipients: 1 });
    const ctx = await ctxOf(user);

    const results = await Promise.allSettled(Array.from({ length: 5 }, () => cancelOrderRecipient(ctx, pieces[0]!.id)));

    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await creditOf(user.id)).toBe(1000);
    expect(await refundsOf(user.id)).toHaveLength(1);
    expect((await eventsOf(pieces[0]!.id)).map((e) => e.status)).toEqual(["pending", "cancelled"]);
  });

  it("refuses once the piece is in production, and hides other users' pieces", async () => {
    const user = await createUser({ creditCents: 1000 });
    const other = await createUser();
    const { pieces } = await placeOrder(user, { priceCents: 300, recipients: 1 });
    await advanceFulfilment(await getDb(), { stepSeconds: 0 });

    await expect(cancelOrderRecipient(await ctxOf(user), pieces[0]!.id)).rejects.toMatchObject({
      status: 422,
      message: "Cannot change status from in_production to cancelled.",
    });
    await expect(cancelOrderRecipient(await ctxOf(other), pieces[0]!.id)).rejects.toMatchObject({ status: 404 });
    await expect(cancelOrderRecipient(await ctxOf(user), "abc")).rejects.toMatchObject({ status: 404 });
    expect(await creditOf(user.id)).toBe(700);
    expect(await refundsOf(user.id)).toEqual([]);
  });

  it("lets an admin cancel another user's piece, refunding the owner", async () => {
    const user = await createUser({ creditCents: 1000 });
    const admin = await createUser({ accountType: 3 });
    const { pieces } = await placeOrder(user, { priceCents: 300, recipients: 1 });

    await cancelOrderRecipient(await ctxOf(admin, 3), pieces[0]!.id);

    expect(await creditOf(user.id)).toBe(1000);
    expect(await creditOf(admin.id)).toBe(0);
    expect(await refundsOf(user.id)).toEqual([expect.objectContaining({ amountCents: 300, createdBy: admin.id })]);
  });
});

describe("setRecipientStatus", () => {
  it("lets an admin move a piece along the allowed transitions only", async () => {
    const user = await createUser({ creditCents: 1000 });
    const admin = await ctxOf(await createUser({ accountType: 3 }), 3);
    const { pieces, orderId } = await placeOrder(user, { priceCents: 300, recipients: 2 });
    const [first, second] = pieces;

    await expect(setRecipientStatus(admin, first!.id, "mailed")).rejects.toMatchObject({ status: 422, message: "Cannot change status from pending to mailed." });
    expect((await setRecipientStatus(admin, first!.id, "in_production")).status).toBe("in_production");
    expect((await setRecipientStatus(admin, first!.id, "mailed")).status).toBe("mailed");
    expect((await setRecipientStatus(admin, first!.id, "returned")).status).toBe("returned");
    await expect(setRecipientStatus(admin, first!.id, "delivered")).rejects.toMatchObject({ status: 422, message: "Cannot change status from returned to delivered." });
    await expect(setRecipientStatus(admin, first!.id, "lost")).rejects.toMatchObject({ status: 422, details: { errors: { status: expect.any(Array) } } });
    await expect(setRecipientStatus(admin, 2_000_000, "mailed")).rejects.toMatchObject({ status: 404 });
    expect((await eventsOf(first!.id)).map((e) => e.status)).toEqual(["pending", "in_production", "mailed", "returned"]);

    expect((await setRecipientStatus(admin, second!.id, "cancelled")).status).toBe("cancelled");
    expect(await creditOf(user.id)).toBe(700);
    expect(await refundsOf(user.id)).toHaveLength(1);

    const res = await api.get(`/orders/track/${orderId}`, { token: user.token });
    expect(res.body.data[0].recipients.map((r: { status: string }) => r.status)).toEqual(["returned", "cancelled"]);
  });

  it("is refused to anyone but an admin", async () => {
    const user = await createUser({ creditCents: 1000 });
    const { pieces } = await placeOrder(user, { recipients: 1 });
    await expect(setRecipientStatus(await ctxOf(user, 2), pieces[0]!.id, "in_production")).rejects.toMatchObject({ status: 403 });
    expect(await statusesOf(pieces[0]!.orderId)).toEqual(["pending"]);
  });
});

describe("delivery status rules", () => {
  it("lets the fulfilment path only take allowed steps, and ends it in a final status", () => {
    for (const [from, to] of Object.entries(NEXT_FULFILMENT_STEP)) expect(ALLOWED_FROM[to!]).toContain(from);
    expect(isFinalStatus(FULFILMENT_PATH[FULFILMENT_PATH.length - 1]!)).toBe(true);
  });

  it("allows no step out of a final status, and cancelling only before production", () => {
    for (const status of STATUS_ORDER) if (isFinalStatus(status)) expect(allowedNextStatuses(status)).toEqual([]);
    expect(STATUS_ORDER.filter(isCancellable)).toEqual(["pending"]);
  });

  it("lists counts in pipeline order, unknown statuses last", () => {
    expect(statusEntries({ delivered: 1, lost: 2, mailed: 4, pending: 0 })).toEqual([
      ["mailed", 4],
      ["delivered", 1],
      ["lost", 2],
    ]);
  });
});
