import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { creditLedger, orderRecipients } from "@/db/schema";
import { deleteAccount } from "@/lib/account/delete";
import { runDueAutomations } from "@/lib/automations/scheduler";
import { resetConfig } from "@/lib/config";
import type { ServiceContext } from "@/lib/context";
import { cancelOrderRecipient, setRecipientStatus } from "@/lib/orders/status-changes";
import { api, createUser, type TestUser } from "@/test/api";
import { addContact, createAutomation } from "@/test/automation-fixtures";
import { createCard, createReadyProject, creditOf } from "@/test/order-fixtures";
import { DEMO_TOP_UP_NOTE, demoTopUp } from "./purchase";
import { grantCredit } from "./service";

/*
 * The ledger explains the balance: whatever moves an account's credit writes the rows that say
 * so. After every step of a realistic mix of grants, purchases, orders, refunds, refusals and an
 * account's closing, each user's rows, in id order, must add up one by one to their
 * balance_after, never below zero, and the last must be the balance the account holds.
 * Accounts start at zero (createUser's credit would be a balance without a row).
 */

const savedDemoPayments = process.env.DEMO_PAYMENTS;

beforeAll(() => {
  process.env.DEMO_PAYMENTS = "true";
  resetConfig();
});

afterAll(() => {
  if (savedDemoPayments === undefined) delete process.env.DEMO_PAYMENTS;
  else process.env.DEMO_PAYMENTS = savedDemoPayments;
  resetConfig();
});

async function ctxOf(user: TestUser, accountType = 1): Promise<ServiceContext> {
  return { db: await getDb(), user: { id: user.id, accountType } };
}

/** Asserts the invariant for one account and returns its ledger, oldest first. */
async function expectLedgerExplainsBalance(user: TestUser) {
  const db = await getDb();
  const rows = await db.select().from(creditLedger).where(eq(creditLedger.userId, user.id)).orderBy(asc(creditLedger.id));
  let running = 0;
  for (const row of rows) {
    running += row.amountCents;
    expect(row.balanceAfterCents, `balance_after of ledger row ${row.id} (${row.kind} of ${row.amountCents})`).toBe(running);
    expect(running, `balance after ledger row ${row.id}`).toBeGreaterThanOrEqual(0);
  }
  expect(await creditOf(user.id), "the account's balance is its ledger's last balance_after").toBe(running);
  return rows;
}

/** Runs a step, then checks every account's ledger against its balance. */
async function step<T>(users: TestUser[], run: () => Promise<T>): Promise<T> {
  const result = await run();
  for (const user of users) await expectLedgerExplainsBalance(user);
  return result;
}

async function piecesOf(orderId: number) {
  const db = await getDb();
  const rows = await db.select({ id: orderRecipients.id }).from(orderRecipients).where(eq(orderRecipients.orderId, orderId)).orderBy(asc(orderRecipients.id));
  return rows.map((row) => row.id);
}

const checkout = (user: TestUser, projectId: string) => api.post(`/cart/checkout/${projectId}`, { token: user.token });

describe("the credit ledger", () => {
  it("explains every balance change of a mix of grants, purchases, orders, refunds, refusals and a closing", async () => {
    const adminUser = await createUser({ accountType: 3 });
    const admin = await ctxOf(adminUser, 3);
    const user = await createUser();
    const other = await createUser();
    const everyone = [adminUser, user, other];
    const userCtx = await ctxOf(user);

    const a = await createReadyProject(user.id, { priceCents: 399, recipients: 3 });
    const b = await createReadyProject(user.id, { priceCents: 250, recipients: 2 });
    const big = await createReadyProject(user.id, { priceCents: 250, recipients: 20 });
    const othersProject = await createReadyProject(other.id, { priceCents: 500, recipients: 1 });

    // No credit: the order is refused and nothing is charged.
    const broke = await step(everyone, () => checkout(user, a.project.id));
    expect(broke.status).toBe(402);
    expect(broke.body).toMatchObject({ credit_available: 0, order_total: 11.97 });
    expect(await expectLedgerExplainsBalance(user)).toEqual([]);

    await step(everyone, () => grantCredit(admin, user.id, 2000, "Welcome credit"));
    await step(everyone, () => grantCredit(admin, other.id, 700));
    await step(everyone, () => demoTopUp(userCtx, { pack: "25" }));
    expect(await creditOf(user.id)).toBe(4500);

    const orderA = await step(everyone, () => checkout(user, a.project.id));
    expect(orderA.body).toEqual({ data: { order_id: expect.any(Number), credit_charged: 11.97, remaining_credit: 33.03 } });
    const orderB = await step(everyone, () => checkout(user, b.project.id));
    expect(orderB.body.data.remaining_credit).toBe(28.03);
    expect((await step(everyone, () => checkout(other, othersProject.project.id))).status).toBe(201);
    const [a0, a1, a2] = await piecesOf(orderA.body.data.order_id);
    const [b0, b1] = await piecesOf(orderB.body.data.order_id);

    // Refunds: several pieces of an order at once, one piece by its owner, one by an admin.
    const cancelled = await step(everyone, () => api.post(`/orders/${orderA.body.data.order_id}/cancel`, { token: user.token, body: { recipient_ids: [a1, a0] } }));
    expect(cancelled.body).toEqual({ data: { cancelled: 2, credit_refunded: 7.98, remaining_credit: 36.01 } });
    await step(everyone, () => cancelOrderRecipient(userCtx, b0!));
    await step(everyone, () => setRecipientStatus(admin, a2!, "cancelled"));
    expect(await creditOf(user.id)).toBe(4250);

    // Refused changes move nothing: a second refund of a piece, a piece already in production.
    await step(everyone, async () => {
      await expect(cancelOrderRecipient(userCtx, a0!)).rejects.toMatchObject({ status: 422 });
      await setRecipientStatus(admin, b1!, "in_production");
      await expect(cancelOrderRecipient(userCtx, b1!)).rejects.toMatchObject({ status: 422 });
      const late = await api.post(`/orders/${orderB.body.data.order_id}/cancel`, { token: user.token, body: { recipient_ids: [b1] } });
      expect(late.status).toBe(422);
    });
    expect(await creditOf(user.id)).toBe(4250);

    // The balance never goes below zero: an adjustment or an order that would take it there is refused.
    await step(everyone, () => expect(grantCredit(admin, user.id, -4251)).rejects.toMatchObject({ status: 422 }));
    await step(everyone, () => grantCredit(admin, user.id, -250, "Goodwill taken back"));
    const tooBig = await step(everyone, () => checkout(user, big.project.id));
    expect(tooBig.status).toBe(402);
    expect(tooBig.body).toMatchObject({ credit_available: 40, order_total: 50 });
    expect(await creditOf(user.id)).toBe(4000);

    // An automation's order is charged the same way.
    const card = await createCard({ priceCents: 300 });
    await addContact(user.id, { firstName: "Margaret", birthMonth: 3, birthDay: 10 });
    await addContact(user.id, { firstName: "Tom", birthMonth: 3, birthDay: 10 });
    const automation = await createAutomation(user, card.id, { days_before: 2 });
    await step(everyone, () => runDueAutomations(userCtx.db, { now: new Date("2030-03-03T09:30:00Z"), automationId: automation.id }));
    expect((await expectLedgerExplainsBalance(user)).filter((row) => row.kind === "order")).toHaveLength(3);

    // Orders and grants at once: each order either is charged in full or refused, never overdrawn.
    const rivals = await Promise.all(Array.from({ length: 3 }, () => createReadyProject(user.id, { priceCents: 1000, recipients: 2 })));
    const before = await creditOf(user.id);
    const results = await step(everyone, () =>
      Promise.all([...rivals.map((rival) => checkout(user, rival.project.id)), grantCredit(admin, user.id, 100), grantCredit(admin, other.id, 100)]),
    );
    const statuses = results.slice(0, rivals.length).map((res) => (res as Awaited<ReturnType<typeof checkout>>).status);
    expect(statuses.every((status) => status === 201 || status === 402)).toBe(true);
    const charged = statuses.filter((status) => status === 201).length;
    expect(await creditOf(user.id)).toBe(before + 100 - charged * 2000);

    // What is still unmailed goes out or is cancelled in whole orders, so the account can close.
    await step(everyone, () => setRecipientStatus(admin, b1!, "mailed"));
    const db = await getDb();
    const pending = await db
      .selectDistinct({ orderId: orderRecipients.orderId })
      .from(orderRecipients)
      .where(and(eq(orderRecipients.userId, user.id), eq(orderRecipients.status, "pending")));
    expect(pending.length).toBeGreaterThan(0);
    for (const { orderId } of pending) {
      const res = await step(everyone, () => api.post(`/orders/${orderId}/cancel`, { token: user.token }));
      expect(res.status).toBe(200);
    }

    // Closing the account takes what is left with one adjustment, to zero.
    await step(everyone, () => deleteAccount(userCtx, { email: user.email, current_password: user.password }, "192.0.2.1"));
    const ledger = await expectLedgerExplainsBalance(user);
    expect(ledger.at(-1)).toMatchObject({ kind: "adjustment", balanceAfterCents: 0, note: "Account deleted: the remaining credit was closed." });
    expect(await creditOf(user.id)).toBe(0);

    expect(ledger.map((row) => [row.kind, row.amountCents])).toEqual(
      expect.arrayContaining([
        ["grant", 2000],
        ["purchase", 2500],
        ["order", -1197],
        ["order", -500],
        ["refund", 399],
        ["refund", 250],
        ["adjustment", -250],
      ]),
    );
    expect(ledger.find((row) => row.kind === "purchase")?.note).toBe(DEMO_TOP_UP_NOTE);
    // A cancel's refunds follow its pieces' order, whatever order the request named them in.
    expect(ledger.filter((row) => row.kind === "refund").map((row) => row.orderRecipientId).slice(0, 4)).toEqual([a0, a1, b0, a2]);
  });
});
