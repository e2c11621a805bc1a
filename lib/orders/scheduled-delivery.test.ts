import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { creditLedger, orderRecipients } from "@/db/schema";
import { addDays, startOfUtcDay, toDateOnly } from "@/lib/dates";
import { api, createUser, type TestUser } from "@/test/api";
import { ageOrderRecipients, createReadyProject, creditOf } from "@/test/order-fixtures";
import { advanceFulfilment, setRecipientStatus } from "./status-changes";

const today = () => startOfUtcDay(new Date());
const daysAhead = (days: number) => toDateOnly(addDays(today(), days));

async function piecesOf(orderId: number) {
  const db = await getDb();
  return db.select().from(orderRecipients).where(eq(orderRecipients.orderId, orderId)).orderBy(asc(orderRecipients.id));
}

async function checkout(user: TestUser, options: { recipients?: number; priceCents?: number; body?: unknown; rawBody?: string } = {}) {
  const ready = await createReadyProject(user.id, { recipients: options.recipients ?? 2, priceCents: options.priceCents });
  const rawBody = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const headers: Record<string, string> = rawBody === undefined ? {} : { "content-type": "application/json" };
  const res = await api.post(`/cart/checkout/${ready.project.id}`, { token: user.token, rawBody, headers });
  return { ...ready, res };
}

describe("POST /cart/checkout/{uuid} with a delivery date", () => {
  it("schedules every piece at midnight UTC of the chosen day, 7 to 365 days ahead", async () => {
    const user = await createUser({ creditCents: 10_000 });
    for (const days of [7, 30, 365]) {
      const { res } = await checkout(user, { body: { delivery_date: daysAhead(days) } });
      expect(res.status).toBe(201);
      const pieces = await piecesOf(res.body.data.order_id);
      expect(pieces.map((piece) => piece.scheduledDeliveryDate.toISOString())).toEqual(pieces.map(() => `${daysAhead(days)}T00:00:00.000Z`));
      expect(pieces.every((piece) => piece.status === "pending")).toBe(true);
    }
  });

  it("delivers 7 days ahead without a body, with an empty one and with {}", async () => {
    const user = await createUser({ creditCents: 10_000 });
    for (const options of [{}, { rawBody: "" }, { body: {} }]) {
      const { res } = await checkout(user, options);
      expect(res.status).toBe(201);
      const [piece] = await piecesOf(res.body.data.order_id);
      expect(toDateOnly(piece!.scheduledDeliveryDate)).toBe(daysAhead(7));
    }
  });

  it("refuses a date less than 7 or more than 365 days ahead, or not a date, on delivery_date, charging nothing", async () => {
    const user = await createUser({ creditCents: 10_000 });
    for (const delivery_date of [daysAhead(6), daysAhead(366), daysAhead(-1), "2027-02-30", "next week", 20270101]) {
      const { res } = await checkout(user, { body: { delivery_date } });
      expect(res.status, String(delivery_date)).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(["delivery_date"]);
    }
    const { res } = await checkout(user, { body: { delivery_date: daysAhead(6) } });
    expect(res.body.errors.delivery_date[0]).toBe(`The delivery date must be 7 to 365 days after today: from ${daysAhead(7)} to ${daysAhead(365)}.`);
    expect(await creditOf(user.id)).toBe(10_000);
  });

  it("fills {first_name} and {last_name} of each recipient into its message and leaves other braces as written", async () => {
    const user = await createUser({ creditCents: 10_000 });
    const ready = await createReadyProject(user.id, {
      message: "Dear {first_name} {last_name}, {age} {first_name}!",
      recipients: [{ firstName: "Ada", lastName: "Lovelace" }, { firstName: "Alan", lastName: "Turing", overrideMessage: "Hi {first_name} {nickname}" }],
    });
    const res = await api.post(`/cart/checkout/${ready.project.id}`, { token: user.token });
    expect(res.status).toBe(201);
    const pieces = await piecesOf(res.body.data.order_id);
    expect(pieces.map((piece) => piece.message)).toEqual(["Dear Ada Lovelace, {age} Ada!", "Hi Alan {nickname}"]);
  });
});

describe("production of scheduled pieces", () => {
  it("keeps a piece pending until 7 days before its delivery date, in the simulator and for an admin", async () => {
    const user = await createUser({ creditCents: 10_000 });
    const admin = await createUser({ accountType: 3 });
    const { res } = await checkout(user, { recipients: 1, body: { delivery_date: daysAhead(30) } });
    const orderId = res.body.data.order_id as number;
    await ageOrderRecipients(orderId, 3600);
    const db = await getDb();

    await advanceFulfilment(db, { stepSeconds: 60 });
    expect((await piecesOf(orderId)).map((piece) => piece.status)).toEqual(["pending"]);

    const [piece] = await piecesOf(orderId);
    await expect(setRecipientStatus({ db, user: { id: admin.id, accountType: 3 } }, piece!.id, "in_production")).rejects.toMatchObject({
      message: `Production of this piece starts on ${daysAhead(23)}, 7 days before its delivery date.`,
    });

    await advanceFulfilment(db, { stepSeconds: 60, now: addDays(today(), 23) });
    expect((await piecesOf(orderId)).map((piece) => piece.status)).toEqual(["in_production"]);
  });
});

describe("POST /orders/{orderId}/cancel", () => {
  it("cancels every pending piece without a body, refunds each once and says what it did", async () => {
    const user = await createUser({ creditCents: 2000 });
    const { res } = await checkout(user, { recipients: 3, priceCents: 300 });
    const orderId = res.body.data.order_id as number;
    expect(await creditOf(user.id)).toBe(1100);

    const cancel = await api.post(`/orders/${orderId}/cancel`, { token: user.token });
    expect(cancel.status).toBe(200);
    expect(cancel.body).toEqual({ data: { cancelled: 3, credit_refunded: 9, remaining_credit: 20 } });
    expect(await creditOf(user.id)).toBe(2000);
    expect((await piecesOf(orderId)).map((piece) => piece.status)).toEqual(["cancelled", "cancelled", "cancelled"]);

    const db = await getDb();
    const refunds = await db
      .select({ amount: creditLedger.amountCents, balance: creditLedger.balanceAfterCents })
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, user.id), eq(creditLedger.kind, "refund")))
      .orderBy(asc(creditLedger.id));
    expect(refunds).toEqual([
      { amount: 300, balance: 1400 },
      { amount: 300, balance: 1700 },
      { amount: 300, balance: 2000 },
    ]);

    const again = await api.post(`/orders/${orderId}/cancel`, { token: user.token, body: {} });
    expect(again.body).toEqual({ data: { cancelled: 0, credit_refunded: 0, remaining_credit: 20 } });
    expect(await creditOf(user.id)).toBe(2000);
  });

  it("cancels only the listed pieces, and refuses the whole request when one is not pending or not in the order", async () => {
    const user = await createUser({ creditCents: 2000 });
    const { res } = await checkout(user, { recipients: 3, priceCents: 300 });
    const orderId = res.body.data.order_id as number;
    const tracking = await api.get(`/orders/track/${orderId}`, { token: user.token });
    const ids = tracking.body.data[0].recipients.map((recipient: { id: number }) => recipient.id) as number[];

    const first = await api.post(`/orders/${orderId}/cancel`, { token: user.token, body: { recipient_ids: [ids[0]] } });
    expect(first.body.data).toEqual({ cancelled: 1, credit_refunded: 3, remaining_credit: 14 });

    const notPending = await api.post(`/orders/${orderId}/cancel`, { token: user.token, body: { recipient_ids: [ids[1], ids[0]] } });
    expect(notPending.status).toBe(422);
    expect(notPending.body.errors).toEqual({ "recipient_ids.1": [`Recipient ${ids[0]} is cancelled and can no longer be cancelled.`] });

    const other = await checkout(user, { recipients: 1 });
    const [foreignPiece] = await piecesOf(other.res.body.data.order_id);
    const notInOrder = await api.post(`/orders/${orderId}/cancel`, { token: user.token, body: { recipient_ids: [foreignPiece!.id] } });
    expect(notInOrder.status).toBe(422);
    expect(notInOrder.body.errors).toEqual({ "recipient_ids.0": [`Recipient ${foreignPiece!.id} is not part of this order.`] });

    expect((await piecesOf(orderId)).map((piece) => piece.status)).toEqual(["cancelled", "pending", "pending"]);
    for (const body of [{ recipient_ids: [] }, { recipient_ids: ["1"] }, { recipient_ids: 5 }]) {
      expect((await api.post(`/orders/${orderId}/cancel`, { token: user.token, body })).status).toBe(422);
    }
  });

  it("refunds a piece once when cancels race", async () => {
    const user = await createUser({ creditCents: 2000 });
    const { res } = await checkout(user, { recipients: 2, priceCents: 500 });
    const orderId = res.body.data.order_id as number;
    const answers = await Promise.all(Array.from({ length: 6 }, () => api.post(`/orders/${orderId}/cancel`, { token: user.token })));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(answers.reduce((sum, answer) => sum + answer.body.data.cancelled, 0)).toBe(2);
    expect(await creditOf(user.id)).toBe(2000);
  });

  it("answers 404 Order not found for an unknown order, another user's and a malformed id", async () => {
    const owner = await createUser({ creditCents: 2000 });
    const other = await createUser();
    const { res } = await checkout(owner, { recipients: 1 });
    for (const id of [res.body.data.order_id, 999_999_999, "abc"]) {
      const answer = await api.post(`/orders/${id}/cancel`, { token: other.token });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: "Order not found" });
    }
    expect((await piecesOf(res.body.data.order_id)).map((piece) => piece.status)).toEqual(["pending"]);
  });
});
