import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { creditLedger } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { createUser, type TestUser } from "@/test/api";
import { creditOf } from "@/test/order-fixtures";
import { deleteAccount } from "@/lib/account/delete";
import { getCredit, grantCredit, listLedger } from "./service";

async function ctxOf(user: TestUser, accountType = 1): Promise<ServiceContext> {
  return { db: await getDb(), user: { id: user.id, accountType } };
}

async function ledgerOf(userId: number) {
  const db = await getDb();
  return db.select().from(creditLedger).where(eq(creditLedger.userId, userId)).orderBy(asc(creditLedger.id));
}

describe("grantCredit", () => {
  it("adds credit with a 'grant' ledger row and takes some back with an 'adjustment'", async () => {
    const admin = await ctxOf(await createUser({ accountType: 3 }), 3);
    const user = await createUser({ creditCents: 150 });

    const granted = await grantCredit(admin, user.id, 2500, "Welcome bonus");
    expect(granted).toMatchObject({ kind: "grant", amountCents: 2500, balanceAfterCents: 2650, note: "Welcome bonus" });
    const adjusted = await grantCredit(admin, user.id, -650, "Duplicate grant");
    expect(adjusted).toMatchObject({ kind: "adjustment", amountCents: -650, balanceAfterCents: 2000 });

    expect(await creditOf(user.id)).toBe(2000);
    expect((await ledgerOf(user.id)).map((e) => [e.kind, e.amountCents, e.balanceAfterCents, e.createdBy])).toEqual([
      ["grant", 2500, 2650, admin.user.id],
      ["adjustment", -650, 2000, admin.user.id],
    ]);
    expect(await getCredit(await ctxOf(user))).toEqual({ cents: 2000, dollars: 20 });
  });

  it("never takes the balance below zero", async () => {
    const admin = await ctxOf(await createUser({ accountType: 3 }), 3);
    const user = await createUser({ creditCents: 500 });

    await expect(grantCredit(admin, user.id, -501)).rejects.toMatchObject({ status: 422, details: { errors: { amount_cents: expect.any(Array) } } });
    expect(await creditOf(user.id)).toBe(500);
    expect(await ledgerOf(user.id)).toEqual([]);

    expect((await grantCredit(admin, user.id, -500)).balanceAfterCents).toBe(0);
  });

  it("is refused to anyone but an admin, and validates its input", async () => {
    const business = await createUser({ accountType: 2 });
    const user = await createUser({ creditCents: 100 });
    await expect(grantCredit(await ctxOf(business, 2), user.id, 1000)).rejects.toMatchObject({ status: 403 });
    await expect(grantCredit(await ctxOf(user), user.id, 1000)).rejects.toMatchObject({ status: 403 });
    expect(await creditOf(user.id)).toBe(100);

    const admin = await ctxOf(await createUser({ accountType: 3 }), 3);
    await expect(grantCredit(admin, user.id, 0)).rejects.toMatchObject({ status: 422 });
    await expect(grantCredit(admin, user.id, 1.5)).rejects.toMatchObject({ status: 422 });
    await expect(grantCredit(admin, 2_000_000, 100)).rejects.toMatchObject({ status: 404 });
  });

  it("refuses to change the credit of a deleted account, whose balance was closed", async () => {
    const admin = await ctxOf(await createUser({ accountType: 3 }), 3);
    const user = await createUser({ creditCents: 700 });
    await deleteAccount(await ctxOf(user), { email: user.email, current_password: user.password }, "192.0.2.1");

    await expect(grantCredit(admin, user.id, 500)).rejects.toMatchObject({ status: 404, message: "This account was deleted: its credit cannot change." });
    expect(await creditOf(user.id)).toBe(0);
    expect((await ledgerOf(user.id)).map((e) => e.kind)).not.toContain("grant");
  });

  it("loses no grant when many run at once", async () => {
    const admin = await ctxOf(await createUser({ accountType: 3 }), 3);
    const user = await createUser();

    await Promise.all(Array.from({ length: 10 }, () => grantCredit(admin, user.id, 100)));

    expect(await creditOf(user.id)).toBe(1000);
    expect((await ledgerOf(user.id)).map((e) => e.balanceAfterCents).sort((a, b) => a - b)).toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
  });
});

describe("listLedger", () => {
  it("pages through the user's own credit history, newest first", async () => {
    const admin = await ctxOf(await createUser({ accountType: 3 }), 3);
    const user = await createUser();
    const other = await createUser();
    await grantCredit(admin, other.id, 999);
    for (const amount of [100, 200, 300]) await grantCredit(admin, user.id, amount);
    const ctx = await ctxOf(user);

    const first = await listLedger(ctx, { per_page: 2 });
    expect(first.entries.map((e) => e.amountCents)).toEqual([300, 200]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await listLedger(ctx, { per_page: 2, cursor: first.nextCursor! });
    expect(second.entries.map((e) => e.amountCents)).toEqual([100]);
    expect(second.nextCursor).toBeNull();

    await expect(listLedger(ctx, { cursor: "forged" })).rejects.toMatchObject({ status: 422 });
  });
});
