import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { cards, users } from "@/db/schema";
import { deleteAccount } from "@/lib/account/delete";
import { listCards } from "@/lib/cards/service";
import type { ServiceContext } from "@/lib/context";
import { checkoutProject } from "@/lib/orders/service";
import { setRecipientStatus } from "@/lib/orders/status-changes";
import { createUser, type TestUser } from "@/test/api";
import { createCard } from "@/test/fixtures";
import { createReadyProject } from "@/test/order-fixtures";
import { cardPriceFormSchema, dollarsToCents, grantCreditFormSchema } from "./schema";
import {
  allowedNextStatuses,
  getAdminOverview,
  getOrderForAdmin,
  listCardsForAdmin,
  listOrdersForAdmin,
  listUsersForAdmin,
  setCardActive,
  setCardPrice,
} from "./service";

async function ctxOf(user: TestUser, accountType = 1): Promise<ServiceContext> {
  return { db: await getDb(), user: { id: user.id, accountType } };
}

const adminCtx = async () => ctxOf(await createUser({ accountType: 3 }), 3);

async function placeOrder(user: TestUser, recipients = 2) {
  const ready = await createReadyProject(user.id, { recipients, priceCents: 250 });
  const result = await checkoutProject(await ctxOf(user), ready.project.id);
  return { ...ready, orderId: result.orderId };
}

describe("admin services", () => {
  it("are refused to every account that is not an admin", async () => {
    for (const accountType of [1, 2]) {
      const ctx = await ctxOf(await createUser({ accountType }), accountType);
      await expect(getAdminOverview(ctx)).rejects.toMatchObject({ status: 403 });
      await expect(listUsersForAdmin(ctx)).rejects.toMatchObject({ status: 403 });
      await expect(listCardsForAdmin(ctx)).rejects.toMatchObject({ status: 403 });
      await expect(listOrdersForAdmin(ctx)).rejects.toMatchObject({ status: 403 });
      await expect(getOrderForAdmin(ctx, 1)).rejects.toMatchObject({ status: 403 });
      await expect(setCardActive(ctx, 1, false)).rejects.toMatchObject({ status: 403 });
      await expect(setCardPrice(ctx, 1, 100)).rejects.toMatchObject({ status: 403 });
    }
  });
});

describe("listUsersForAdmin", () => {
  it("lists accounts newest first with credit and order counts, searches, and pages with a cursor", async () => {
    const admin = await adminCtx();
    const buyer = await createUser({ creditCents: 5000 });
    await placeOrder(buyer);
    const newest = await createUser({ creditCents: 125, accountType: 2 });

    const first = await listUsersForAdmin(admin, { per_page: 2 });
    expect(first.users.map((u) => u.id)).toEqual([newest.id, buyer.id]);
    expect(first.users[0]).toMatchObject({ email: newest.email, accountType: 2, creditCents: 125, isActive: true, deletedAt: null, ordersCount: 0 });
    expect(first.users[1]).toMatchObject({ email: buyer.email, creditCents: 4500, ordersCount: 1 });
    expect(first.users[0]!.createdAt).toBeInstanceOf(Date);
    expect(first.nextCursor).not.toBeNull();

    const second = await listUsersForAdmin(admin, { per_page: 2, cursor: first.nextCursor! });
    expect(second.users[0]!.id).toBe(admin.user.id);

    const found = await listUsersForAdmin(admin, { query: buyer.email.slice(0, 8).toUpperCase() });
    expect(found.users.map((u) => u.id)).toEqual([buyer.id]);
    expect((await listUsersForAdmin(admin, { query: "100%_" })).users).toEqual([]);
    await expect(listUsersForAdmin(admin, { cursor: "forged" })).rejects.toMatchObject({ status: 422 });
  });

  it("tells a deleted account, which the users page shows without a credit form", async () => {
    const admin = await adminCtx();
    const leaving = await createUser({ creditCents: 300 });
    await deleteAccount(await ctxOf(leaving), { email: leaving.email, current_password: leaving.password }, "192.0.2.1");

    const [listed] = (await listUsersForAdmin(admin, { per_page: 1 })).users;
    expect(listed).toMatchObject({ id: leaving.id, isActive: false, creditCents: 0 });
    expect(listed!.deletedAt).toBeInstanceOf(Date);
  });

  it("orders by sign-up time and pages through accounts that signed up at the same moment", async () => {
    const admin = await adminCtx();
    const db = await getDb();
    const [older, sameA, sameB] = [await createUser(), await createUser(), await createUser()];
    await db.update(users).set({ createdAt: new Date("2020-01-01T00:00:00Z") }).where(eq(users.id, older.id));
    await db.update(users).set({ createdAt: sql`'2030-06-01 12:00:00.123456+00'::timestamptz` }).where(inArray(users.id, [sameA.id, sameB.id]));

    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await listUsersForAdmin(admin, { per_page: 1, cursor });
      seen.push(...page.users.map((u) => u.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen.slice(0, 2)).toEqual([sameB.id, sameA.id]);
    expect(seen[seen.length - 1]).toBe(older.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength((await db.select({ id: users.id }).from(users)).length);
  });
});

describe("admin cards", () => {
  it("lists active and inactive cards with their thumbnail, and filters by status", async () => {
    const admin = await adminCtx();
    const db = await getDb();
    const active = await createCard(db, { priceCents: 399 });
    const inactive = await createCard(db, { isActive: false, imageTypes: ["front"] });
    const bare = await createCard(db, { imageTypes: [] });

    const mine = (list: { cards: { id: number }[] }) => list.cards.map((c) => c.id).filter((id) => [active.id, inactive.id, bare.id].includes(id));
    const all = await listCardsForAdmin(admin, { per_page: 100 });
    expect(mine(all)).toEqual([active.id, inactive.id, bare.id]);
    const byId = new Map(all.cards.map((c) => [c.id, c]));
    expect(byId.get(active.id)).toMatchObject({
      name: active.name,
      artistName: active.artist.name,
      priceCents: 399,
      isActive: true,
      thumbnailPath: `/card-art/${active.slug}/thumbnail.svg`,
    });
    expect(byId.get(inactive.id)).toMatchObject({ isActive: false, thumbnailPath: `/card-art/${inactive.slug}/front.svg` });
    expect(byId.get(bare.id)!.thumbnailPath).toBeNull();

    const inactiveOnly = await listCardsForAdmin(admin, { status: "inactive", per_page: 100 });
    expect(inactiveOnly.cards.every((c) => !c.isActive)).toBe(true);
    expect(mine(inactiveOnly)).toEqual([inactive.id]);
    expect(mine(await listCardsForAdmin(admin, { status: "active", per_page: 100 }))).toEqual([active.id, bare.id]);

    const pages: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await listCardsForAdmin(admin, { per_page: 2, cursor });
      expect(page.cards.length).toBeLessThanOrEqual(2);
      pages.push(...page.cards.map((c) => c.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(pages).toEqual(all.cards.map((c) => c.id));
  });

  it("takes a deactivated card out of the user catalog and puts it back", async () => {
    const admin = await adminCtx();
    const user = await ctxOf(await createUser());
    const card = await createCard(await getDb());
    const catalogIds = async () => (await listCards(user, { per_page: 100 })).cards.map((c) => c.id);

    expect(await setCardActive(admin, card.id, false)).toMatchObject({ id: card.id, isActive: false });
    expect(await catalogIds()).not.toContain(card.id);
    expect(await setCardActive(admin, String(card.id), true)).toMatchObject({ isActive: true });
    expect(await catalogIds()).toContain(card.id);
  });

  it("sets a price in cents within 0..99,999 and keeps orders at the price they were charged", async () => {
    const admin = await adminCtx();
    const buyer = await createUser({ creditCents: 5000 });
    const { card, orderId } = await placeOrder(buyer, 1);

    expect(await setCardPrice(admin, card.id, 99_999)).toMatchObject({ priceCents: 99_999 });
    expect(await setCardPrice(admin, card.id, 0)).toMatchObject({ priceCents: 0 });
    await expect(setCardPrice(admin, card.id, 100_000)).rejects.toMatchObject({ status: 422 });
    await expect(setCardPrice(admin, card.id, -1)).rejects.toMatchObject({ status: 422 });
    await expect(setCardPrice(admin, card.id, 1.5)).rejects.toMatchObject({ status: 422 });
    const [row] = await (await getDb()).select({ priceCents: cards.priceCents }).from(cards).where(eq(cards.id, card.id));
    expect(row!.priceCents).toBe(0);

    const detail = await getOrderForAdmin(admin, orderId);
    expect(detail.order.totalCents).toBe(250);
    expect(detail.projects[0]!.recipients[0]!.priceCents).toBe(250);
  });

  it("answers 404 for unknown or malformed card ids", async () => {
    const admin = await adminCtx();
    await expect(setCardActive(admin, 2_000_000, true)).rejects.toMatchObject({ status: 404, message: "Card not found" });
    await expect(setCardPrice(admin, "abc", 100)).rejects.toMatchObject({ status: 404 });
    await expect(setCardPrice(admin, "99999999999", 100)).rejects.toMatchObject({ status: 404 });
  });
});

describe("admin orders", () => {
  it("lists every user's orders newest first with the buyer and a count per status", async () => {
    const admin = await adminCtx();
    const ann = await createUser({ creditCents: 5000 });
    const bob = await createUser({ creditCents: 5000 });
    const first = await placeOrder(ann, 3);
    const second = await placeOrder(bob, 2);
    const [piece] = (await getOrderForAdmin(admin, first.orderId)).projects[0]!.recipients;
    await setRecipientStatus(admin, piece!.id, "in_production");

    const page = await listOrdersForAdmin(admin);
    expect(page.orders.slice(0, 2).map((o) => o.id)).toEqual([second.orderId, first.orderId]);
    expect(page.orders[0]).toMatchObject({ userId: bob.id, userEmail: bob.email, totalCents: 500, recipientsCount: 2, statusCounts: { pending: 2 } });
    expect(page.orders[1]).toMatchObject({ userEmail: ann.email, recipientsCount: 3, statusCounts: { pending: 2, in_production: 1 } });

    expect((await listOrdersForAdmin(admin, { user_id: ann.id })).orders.map((o) => o.id)).toEqual([first.orderId]);
    const one = await listOrdersForAdmin(admin, { per_page: 1 });
    expect((await listOrdersForAdmin(admin, { per_page: 1, cursor: one.nextCursor! })).orders.map((o) => o.id)).toEqual([first.orderId]);
  });

  it("shows any user's order with each piece's history and the statuses it may move to", async () => {
    const admin = await adminCtx();
    const buyer = await createUser({ creditCents: 5000 });
    const { project, card, orderId } = await placeOrder(buyer, 2);

    const detail = await getOrderForAdmin(admin, String(orderId));
    expect(detail.order).toMatchObject({ id: orderId, userId: buyer.id, userEmail: buyer.email, totalCents: 500 });
    expect(detail.projects).toHaveLength(1);
    expect(detail.projects[0]).toMatchObject({ projectId: project.id, name: project.name, cardName: card.name });
    const [a, b] = detail.projects[0]!.recipients;
    expect(a!.nextStatuses).toEqual(["in_production", "cancelled"]);
    expect(a!.statusHistory.map((h) => h.status)).toEqual(["pending"]);

    await setRecipientStatus(admin, a!.id, "in_production");
    await setRecipientStatus(admin, a!.id, "mailed");
    await setRecipientStatus(admin, b!.id, "cancelled");
    const after = await getOrderForAdmin(admin, orderId);
    const [movedA, movedB] = after.projects[0]!.recipients;
    expect(movedA!.statusHistory.map((h) => h.status)).toEqual(["pending", "in_production", "mailed"]);
    expect(movedA!.nextStatuses).toEqual(["delivered", "returned"]);
    expect(movedB!.nextStatuses).toEqual([]);

    await expect(getOrderForAdmin(admin, 2_000_000)).rejects.toMatchObject({ status: 404, message: "Order not found" });
    await expect(getOrderForAdmin(admin, "x1")).rejects.toMatchObject({ status: 404 });
  });

  it("counts users, cards and pieces by status for the overview", async () => {
    const admin = await adminCtx();
    const db = await getDb();
    const before = await getAdminOverview(admin);
    await createCard(db, { isActive: false });
    const buyer = await createUser({ creditCents: 5000 });
    await placeOrder(buyer, 2);

    const after = await getAdminOverview(admin);
    expect(after).toMatchObject({
      usersCount: before.usersCount + 1,
      // placeOrder's card is active.
      activeCardsCount: before.activeCardsCount + 1,
      inactiveCardsCount: before.inactiveCardsCount + 1,
      ordersCount: before.ordersCount + 1,
    });
    expect(after.piecesByStatus).toEqual({ ...before.piecesByStatus, pending: before.piecesByStatus.pending + 2 });
  });
});

describe("allowedNextStatuses", () => {
  it("follows the delivery transitions", () => {
    expect(allowedNextStatuses("pending")).toEqual(["in_production", "cancelled"]);
    expect(allowedNextStatuses("in_production")).toEqual(["mailed"]);
    expect(allowedNextStatuses("delivered")).toEqual([]);
    expect(allowedNextStatuses("returned")).toEqual([]);
  });
});

describe("admin form schemas", () => {
  it("reads dollars as cents", () => {
    expect(dollarsToCents("3.99")).toBe(399);
    expect(dollarsToCents("$1,250.5")).toBe(125050);
    expect(dollarsToCents("-5")).toBe(-500);
    expect(dollarsToCents("-0")).toBe(0);
    expect(dollarsToCents("3.999")).toBeUndefined();
    expect(dollarsToCents("abc")).toBeUndefined();
  });

  it("accepts card prices from 0.00 to 999.99 with clear messages", () => {
    expect(cardPriceFormSchema.parse({ card_id: 1, price: "999.99" }).price).toBe(99_999);
    expect(cardPriceFormSchema.parse({ card_id: 1, price: "0" }).price).toBe(0);
    const tooHigh = cardPriceFormSchema.safeParse({ card_id: 1, price: "1000" });
    expect(tooHigh.error?.issues[0]?.message).toBe("The :attribute field must be between 0.00 and 999.99.");
    expect(cardPriceFormSchema.safeParse({ card_id: 1, price: "-1" }).success).toBe(false);
    expect(cardPriceFormSchema.safeParse({ card_id: 1, price: "" }).success).toBe(false);
  });

  it("needs a non-zero amount and a note to grant credit", () => {
    expect(grantCreditFormSchema.parse({ user_id: 2, amount: "-12.50", note: " Refund " })).toEqual({ user_id: 2, amount: -1250, note: "Refund" });
    expect(grantCreditFormSchema.safeParse({ user_id: 2, amount: "0", note: "x" }).success).toBe(false);
    expect(grantCreditFormSchema.safeParse({ user_id: 2, amount: "10", note: "  " }).success).toBe(false);
  });
});
