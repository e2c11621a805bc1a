import { asc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { creditLedger, orderRecipients, orderStatusEvents, orders } from "@/db/schema";
import { api, createUser } from "@/test/api";
import { addRecipients, createReadyProject, creditOf } from "@/test/order-fixtures";
import { checkoutProject } from "./service";

const checkout = (uuid: string, token: string, headers?: Record<string, string>) => api.post(`/cart/checkout/${uuid}`, { token, headers });

async function ledgerOf(userId: number) {
  const db = await getDb();
  return db.select().from(creditLedger).where(eq(creditLedger.userId, userId)).orderBy(asc(creditLedger.id));
}

async function ordersOf(userId: number) {
  const db = await getDb();
  return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.id));
}

describe("POST /cart/checkout/{uuid}", () => {
  it("charges the card price for every recipient and records the order, its pieces, their events and the ledger", async () => {
    const user = await createUser({ creditCents: 2000 });
    const { project, recipients } = await createReadyProject(user.id, {
      priceCents: 399,
      message: "Season's greetings",
      recipients: [
        { firstName: "Grace", lastName: "Hopper", prefix: "Rear Admiral", company: "Navy", apt: "4B", internalId: "G-1" },
        { firstName: "Alan", lastName: "Turing", overrideMessage: "Thanks for everything" },
        { firstName: "Katherine", lastName: "Johnson", internalId: null, country: null },
      ],
    });

    const res = await checkout(project.id, user.token);

    expect(res.status).toBe(201);
    expect(res.body).toEqual({ data: { order_id: expect.any(Number), credit_charged: 11.97, remaining_credit: 8.03 } });
    expect(await creditOf(user.id)).toBe(803);

    const db = await getDb();
    const [order] = await ordersOf(user.id);
    expect(order).toMatchObject({ id: res.body.data.order_id, totalCents: 1197 });
    const pieces = await db.select().from(orderRecipients).where(eq(orderRecipients.orderId, order!.id)).orderBy(asc(orderRecipients.id));
    const created = order!.createdAt;
    const scheduled = new Date(Date.UTC(created.getUTCFullYear(), created.getUTCMonth(), created.getUTCDate() + 7));
    expect(pieces.map((p) => [p.name, p.company, p.apt, p.internalId, p.country, p.message, p.priceCents, p.status, p.projectRecipientId])).toEqual([
      ["Grace Hopper", "Navy", "4B", "G-1", "US", "Season's greetings", 399, "pending", recipients[0]!.recipient.id],
      ["Alan Turing", null, null, recipients[1]!.contact.internalId, "US", "Thanks for everything", 399, "pending", recipients[1]!.recipient.id],
      ["Katherine Johnson", null, null, null, null, "Season's greetings", 399, "pending", recipients[2]!.recipient.id],
    ]);
    for (const piece of pieces) {
      expect(piece.scheduledDeliveryDate.toISOString()).toBe(scheduled.toISOString());
      expect(piece).toMatchObject({ userId: user.id, projectId: project.id, address: "12 Analytical Way", city: "London", state: "NY", zip: "10001" });
    }

    const events = await db
      .select()
      .from(orderStatusEvents)
      .where(
        inArray(
          orderStatusEvents.orderRecipientId,
          pieces.map((p) => p.id),
        ),
      );
    expect(events.map((e) => e.status)).toEqual(["pending", "pending", "pending"]);

    expect(await ledgerOf(user.id)).toEqual([
      expect.objectContaining({ kind: "order", amountCents: -1197, balanceAfterCents: 803, orderId: order!.id, createdBy: user.id }),
    ]);
  });

  it("charges only recipients not ordered yet: a second checkout has nothing left, a new recipient is charged alone", async () => {
    const user = await createUser({ creditCents: 5000 });
    const { project } = await createReadyProject(user.id, { priceCents: 250, recipients: 2 });

    expect((await checkout(project.id, user.token)).status).toBe(201);
    const again = await checkout(project.id, user.token);
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ message: "Project has no recipients" });
    expect(await creditOf(user.id)).toBe(4500);

    await addRecipients(user.id, project.id, 1);
    const third = await checkout(project.id, user.token);
    expect(third.status).toBe(201);
    expect(third.body.data).toMatchObject({ credit_charged: 2.5, remaining_credit: 42.5 });
    expect((await ordersOf(user.id)).map((o) => o.totalCents)).toEqual([500, 250]);
  });

  it("refuses an empty project with 422", async () => {
    const user = await createUser({ creditCents: 5000 });
    const { project } = await createReadyProject(user.id, { recipients: 0 });
    const res = await checkout(project.id, user.token);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: "Project has no recipients" });
  });

  it("answers 402 with the credit available and the order total in dollars, and changes nothing", async () => {
    const user = await createUser({ creditCents: 1250 });
    const { project } = await createReadyProject(user.id, { priceCents: 1995, recipients: 1 });

    const res = await checkout(project.id, user.token);

    expect(res.status).toBe(402);
    expect(res.body).toEqual({ message: "No account credit available to process order", credit_available: 12.5, order_total: 19.95 });
    expect(await creditOf(user.id)).toBe(1250);
    expect(await ordersOf(user.id)).toEqual([]);
    expect(await ledgerOf(user.id)).toEqual([]);
  });

  it("answers 404 for an unknown, another user's or a malformed project, and 401 without a token", async () => {
    const user = await createUser({ creditCents: 5000 });
    const other = await createUser({ creditCents: 5000 });
    const { project } = await createReadyProject(other.id);

    for (const uuid of ["7a0c2b1e-6a8f-4c1e-9a55-3f0e8b8d2c11", project.id, "not-a-uuid", "123"]) {
      const res = await checkout(uuid, user.token);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Project not found" });
    }
    const anonymous = await api.post(`/cart/checkout/${project.id}`);
    expect(anonymous.status).toBe(401);
    expect(await creditOf(other.id)).toBe(5000);
  });

  it("replays the first response for a repeated Idempotency-Key and charges once", async () => {
    const user = await createUser({ creditCents: 5000 });
    const { project } = await createReadyProject(user.id, { priceCents: 300, recipients: 2 });
    const { project: another } = await createReadyProject(user.id, { priceCents: 300, recipients: 1 });

    const first = await checkout(project.id, user.token, { "Idempotency-Key": "checkout-1" });
    const second = await checkout(project.id, user.token, { "Idempotency-Key": "checkout-1" });

    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await creditOf(user.id)).toBe(4400);
    expect(await ordersOf(user.id)).toHaveLength(1);

    const reused = await checkout(another.id, user.token, { "Idempotency-Key": "checkout-1" });
    expect(reused.status).toBe(422);
    expect(await creditOf(user.id)).toBe(4400);
  });

  it("lets a failed request be retried with its Idempotency-Key", async () => {
    const user = await createUser({ creditCents: 100 });
    const { project } = await createReadyProject(user.id, { priceCents: 300, recipients: 1 });
    expect((await checkout(project.id, user.token, { "Idempotency-Key": "retry" })).status).toBe(402);

    const db = await getDb();
    const { grantCredit } = await import("@/lib/credit/service");
    const admin = await createUser({ accountType: 3 });
    await grantCredit({ db, user: { id: admin.id, accountType: 3 } }, user.id, 500, "Top-up");

    const retried = await checkout(project.id, user.token, { "Idempotency-Key": "retry" });
    expect(retried.status).toBe(201);
    expect(retried.body.data).toMatchObject({ credit_charged: 3, remaining_credit: 3 });
  });
});

describe("checkout under concurrency", () => {
  it("charges a project once when it is checked out ten times at once", async () => {
    const user = await createUser({ creditCents: 10_000 });
    const { project } = await createReadyProject(user.id, { priceCents: 450, recipients: 4 });

    const results = await Promise.all(Array.from({ length: 10 }, () => checkout(project.id, user.token)));

    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 422, 422, 422, 422, 422, 422, 422, 422, 422]);
    for (const res of results.filter((r) => r.status === 422)) expect(res.body).toEqual({ message: "Project has no recipients" });
    expect(await creditOf(user.id)).toBe(10_000 - 1800);
    expect(await ordersOf(user.id)).toHaveLength(1);
    const ledger = await ledgerOf(user.id);
    expect(ledger.map((e) => [e.kind, e.amountCents, e.balanceAfterCents])).toEqual([["order", -1800, 8200]]);
    const db = await getDb();
    expect(await db.select().from(orderRecipients).where(eq(orderRecipients.projectId, project.id))).toHaveLength(4);
  });

  it("never overdraws when projects worth more than the credit are checked out at once", async () => {
    const initial = 2000;
    const user = await createUser({ creditCents: initial });
    const specs = [
      { priceCents: 400, recipients: 1 },
      { priceCents: 300, recipients: 2 },
      { priceCents: 500, recipients: 1 },
      { priceCents: 250, recipients: 3 },
      { priceCents: 350, recipients: 1 },
      { priceCents: 199, recipients: 2 },
      { priceCents: 600, recipients: 1 },
      { priceCents: 125, recipients: 4 },
    ];
    const projects = [];
    for (const spec of specs) projects.push({ ...spec, ...(await createReadyProject(user.id, spec)) });

    const results = await Promise.all(projects.map((p) => checkout(p.project.id, user.token)));

    const succeeded = results.filter((r) => r.status === 201);
    expect(succeeded.length).toBeGreaterThan(0);
    expect(results.every((r) => r.status === 201 || r.status === 402)).toBe(true);
    for (const [index, res] of results.entries()) {
      const total = (specs[index]!.priceCents * specs[index]!.recipients) / 100;
      if (res.status === 201) expect(res.body.data.credit_charged).toBe(total);
      else expect(res.body).toMatchObject({ message: "No account credit available to process order", order_total: total });
    }

    const final = await creditOf(user.id);
    expect(final).toBeGreaterThanOrEqual(0);
    const charged = Math.round(succeeded.reduce((sum, r) => sum + r.body.data.credit_charged * 100, 0));
    expect(initial - final).toBe(charged);

    const placed = await ordersOf(user.id);
    expect(placed.map((o) => o.id).sort()).toEqual(succeeded.map((r) => r.body.data.order_id).sort());
    expect(placed.reduce((sum, o) => sum + o.totalCents, 0)).toBe(charged);

    const ledger = await ledgerOf(user.id);
    expect(ledger.every((e) => e.kind === "order" && e.balanceAfterCents >= 0)).toBe(true);
    expect(-ledger.reduce((sum, e) => sum + e.amountCents, 0)).toBe(charged);
    // Replaying the ledger from the initial balance lands on every recorded balance.
    let balance = initial;
    for (const entry of ledger) {
      balance += entry.amountCents;
      expect(entry.balanceAfterCents).toBe(balance);
    }
    expect(balance).toBe(final);

    const db = await getDb();
    for (const order of placed) {
      const pieces = await db.select().from(orderRecipients).where(eq(orderRecipients.orderId, order.id));
      expect(pieces.reduce((sum, p) => sum + p.priceCents, 0)).toBe(order.totalCents);
    }
    // The refused ones are left intact, ready for a checkout once credit is added.
    for (const [index, res] of results.entries()) {
      if (res.status !== 402) continue;
      const pieces = await db.select().from(orderRecipients).where(eq(orderRecipients.projectId, projects[index]!.project.id));
      expect(pieces).toEqual([]);
    }
  });
});

describe("checkoutProject", () => {
  const ctxOf = async (userId: number) => ({ db: await getDb(), user: { id: userId, accountType: 1 } });

  it("charges nothing when the total is not the one the buyer was shown, and says what it is now", async () => {
    const user = await createUser({ creditCents: 5000 });
    const { project } = await createReadyProject(user.id, { priceCents: 300, recipients: 2 });
    const ctx = await ctxOf(user.id);

    await expect(checkoutProject(ctx, project.id, { expectedTotalCents: 300 })).rejects.toMatchObject({
      code: "total_changed",
      details: { checkout: { recipientsCount: 2, totalCents: 600 } },
    });
    expect(await creditOf(user.id)).toBe(5000);
    expect(await ordersOf(user.id)).toEqual([]);

    expect(await checkoutProject(ctx, project.id, { expectedTotalCents: 600 })).toMatchObject({ recipientsCount: 2, creditChargedCents: 600 });
    await expect(checkoutProject(ctx, project.id, { expectedTotalCents: 600 })).rejects.toMatchObject({ code: "nothing_to_order", status: 422 });
  });

  it("carries the credit and the total in cents when the credit is short", async () => {
    const user = await createUser({ creditCents: 1250 });
    const { project } = await createReadyProject(user.id, { priceCents: 1995, recipients: 1 });
    await expect(checkoutProject(await ctxOf(user.id), project.id)).rejects.toMatchObject({
      code: "payment_required",
      details: { credit: { availableCents: 1250, orderTotalCents: 1995 } },
    });
  });
});
