import "server-only";
import { and, asc, count, desc, eq, gt, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { planEachTime, type Database } from "@/db/client";
import { artists, cards, orderRecipients, orders, projects, users, type DeliveryStatus } from "@/db/schema";
import { listPicturePath } from "@/lib/cards/list-picture";
import type { ServiceContext } from "@/lib/context";
import { assertAdmin } from "@/lib/credit/service";
import { isIdPosition, keysetCursor } from "@/lib/cursor";
import { notFound } from "@/lib/errors";
import { toSerialId } from "@/lib/ids";
import { orderTotals, statusHistoryOf, type OrderTotals, type TrackedRecipientWithHistory } from "@/lib/orders/service";
import { allowedNextStatuses } from "@/lib/orders/status";
import { countPiecesByStatus, statusCountsByOrder, type OrderStatusCounts } from "@/lib/orders/summary";
import { toCursorPage } from "@/lib/paging";
import { parseInput } from "@/lib/validation";
import {
  listCardsForAdminQuerySchema,
  listOrdersForAdminQuerySchema,
  listUsersForAdminQuerySchema,
  setCardActiveSchema,
  setCardPriceSchema,
  type CardStatusFilter,
  type ListCardsForAdminQuery,
  type ListOrdersForAdminQuery,
  type ListUsersForAdminQuery,
} from "./schema";

export type StatusCounts = OrderStatusCounts;

export type AdminUser = {
  id: number;
  email: string;
  username: string;
  accountType: number;
  creditCents: number;
  isActive: boolean;
  /** When the owner deleted the account (kept anonymised for its orders); its credit cannot change. */
  deletedAt: Date | null;
  createdAt: Date;
  ordersCount: number;
};

export type AdminCard = {
  id: number;
  name: string;
  slug: string;
  artistName: string;
  priceCents: number;
  isActive: boolean;
  thumbnailPath: string | null;
  updatedAt: Date;
};

export type AdminOrderSummary = {
  id: number;
  createdAt: Date;
  totalCents: number;
  userId: number;
  userEmail: string;
  recipientsCount: number;
  statusCounts: StatusCounts;
};

export type AdminOrderRecipient = TrackedRecipientWithHistory & { nextStatuses: DeliveryStatus[] };

export type AdminOrderDetail = {
  order: { id: number; createdAt: Date; totalCents: number; userId: number; userEmail: string };
  totals: OrderTotals;
  projects: { projectId: string; name: string; cardName: string; thumbnailPath: string | null; recipients: AdminOrderRecipient[] }[];
};

export type AdminOverview = {
  usersCount: number;
  activeCardsCount: number;
  inactiveCardsCount: number;
  ordersCount: number;
  piecesByStatus: Record<DeliveryStatus, number>;
};

type Page<K extends string, T> = Record<K, T[]> & { nextCursor: string | null };

const cardNotFound = () => notFound("Card not found");
const orderNotFound = () => notFound("Order not found");

/** The statuses an admin may move a piece to from `status`. */
export { allowedNextStatuses };

/** Counts and pieces by status across every account, for the admin overview. */
export async function getAdminOverview(ctx: ServiceContext): Promise<AdminOverview> {
  assertAdmin(ctx);
  const [[userRow], cardRows, [orderRow], piecesByStatus] = await Promise.all([
    ctx.db.select({ n: count() }).from(users),
    ctx.db.select({ isActive: cards.isActive, n: count() }).from(cards).groupBy(cards.isActive),
    ctx.db.select({ n: count() }).from(orders),
    countPiecesByStatus(ctx.db),
  ]);
  return {
    usersCount: Number(userRow?.n ?? 0),
    activeCardsCount: Number(cardRows.find((row) => row.isActive)?.n ?? 0),
    inactiveCardsCount: Number(cardRows.find((row) => !row.isActive)?.n ?? 0),
    ordersCount: Number(orderRow?.n ?? 0),
    piecesByStatus,
  };
}

const isUserPosition = (value: unknown): value is { at: string; id: number } => {
  const at = (value as { at?: unknown } | null)?.at;
  return isIdPosition(value) && typeof at === "string" && /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d{1,6})?([+-]\d\d(:?\d\d)?|Z)$/.test(at);
};

const usersCursor = keysetCursor("admin-users", isUserPosition);
const cardsCursor = keysetCursor("admin-cards", isIdPosition);
const ordersCursor = keysetCursor("admin-orders", isIdPosition);

/** Every account, newest first; `query` matches part of the email or user name. */
export async function listUsersForAdmin(ctx: ServiceContext, input: ListUsersForAdminQuery = {}): Promise<Page<"users", AdminUser>> {
  assertAdmin(ctx);
  const query = parseInput(listUsersForAdminQuerySchema, input);
  const after = usersCursor.decode(ctx, query.cursor);
  const pattern = query.query ? `%${query.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const userId = sql`${users}.${sql.identifier("id")}`;
  const rows = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      accountType: users.accountType,
      creditCents: users.creditCents,
      isActive: users.isActive,
      deletedAt: users.deletedAt,
      createdAt: users.createdAt,
      ordersCount: sql<number>`(select count(*)::int from ${orders} o where o.user_id = ${userId})`.mapWith(Number),
      // The exact timestamp (microseconds), so the cursor never skips an account created in the same millisecond.
      position: sql<string>`${users.createdAt}::text`,
    })
    .from(users)
    .where(
      and(
        after ? sql`(${users.createdAt}, ${users.id}) < (${after.at}::timestamptz, ${after.id}::int)` : undefined,
        pattern ? planEachTime(or(ilike(users.email, pattern), ilike(users.username, pattern))!) : undefined,
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.per_page + 1);
  const page = toCursorPage(rows, query.per_page, (last) => usersCursor.encode(ctx, { at: last.position, id: last.id }));
  return { users: page.items.map(({ position: _position, ...user }) => user), nextCursor: page.nextCursor };
}

function selectAdminCards(db: Database, where: SQL | undefined) {
  return db
    .select({
      id: cards.id,
      name: cards.name,
      slug: cards.slug,
      artistName: artists.name,
      priceCents: cards.priceCents,
      isActive: cards.isActive,
      thumbnailPath: listPicturePath(cards.id),
      updatedAt: cards.updatedAt,
    })
    .from(cards)
    .innerJoin(artists, eq(artists.id, cards.artistId))
    .where(where)
    .orderBy(asc(cards.id));
}

const CARD_STATUS_WHERE: Record<CardStatusFilter, SQL | undefined> = {
  all: undefined,
  active: eq(cards.isActive, true),
  inactive: eq(cards.isActive, false),
};

/** The whole catalog, inactive cards too (the user catalog shows active ones only). */
export async function listCardsForAdmin(ctx: ServiceContext, input: ListCardsForAdminQuery = {}): Promise<Page<"cards", AdminCard>> {
  assertAdmin(ctx);
  const query = parseInput(listCardsForAdminQuerySchema, input);
  const after = cardsCursor.decode(ctx, query.cursor);
  const rows = await selectAdminCards(ctx.db, and(CARD_STATUS_WHERE[query.status ?? "all"], after ? gt(cards.id, after.id) : undefined)).limit(query.per_page + 1);
  const page = toCursorPage(rows, query.per_page, (last) => cardsCursor.encode(ctx, { id: last.id }));
  return { cards: page.items, nextCursor: page.nextCursor };
}

async function updateCard(ctx: ServiceContext, cardId: number, set: Partial<typeof cards.$inferInsert>): Promise<AdminCard> {
  const [updated] = await ctx.db
    .update(cards)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(cards.id, cardId))
    .returning({ id: cards.id });
  if (!updated) throw cardNotFound();
  const [card] = await selectAdminCards(ctx.db, eq(cards.id, cardId));
  return card!;
}

/** Puts a card in the catalog or takes it out; an inactive card cannot be chosen or checked out. */
export async function setCardActive(ctx: ServiceContext, cardId: number | string, isActive: boolean): Promise<AdminCard> {
  assertAdmin(ctx);
  const id = toSerialId(cardId, cardNotFound);
  const input = parseInput(setCardActiveSchema, { card_id: id, is_active: isActive });
  return updateCard(ctx, id, { isActive: input.is_active });
}

/** A new price in cents (0 to 99,999); orders already placed keep the price they were charged. */
export async function setCardPrice(ctx: ServiceContext, cardId: number | string, priceCents: number): Promise<AdminCard> {
  assertAdmin(ctx);
  const id = toSerialId(cardId, cardNotFound);
  const input = parseInput(setCardPriceSchema, { price_cents: priceCents });
  return updateCard(ctx, id, { priceCents: input.price_cents });
}

/** Orders of every account (or of one), newest first, with how many pieces are in each status. */
export async function listOrdersForAdmin(ctx: ServiceContext, input: ListOrdersForAdminQuery = {}): Promise<Page<"orders", AdminOrderSummary>> {
  assertAdmin(ctx);
  const query = parseInput(listOrdersForAdminQuerySchema, input);
  const after = ordersCursor.decode(ctx, query.cursor);
  const rows = await ctx.db
    .select({ id: orders.id, createdAt: orders.createdAt, totalCents: orders.totalCents, userId: orders.userId, userEmail: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(after ? lt(orders.id, after.id) : undefined, query.user_id ? eq(orders.userId, query.user_id) : undefined))
    .orderBy(desc(orders.id))
    .limit(query.per_page + 1);
  const page = toCursorPage(rows, query.per_page, (last) => ordersCursor.encode(ctx, { id: last.id }));
  const counts = await statusCountsByOrder(
    ctx.db,
    page.items.map((row) => row.id),
  );
  return {
    orders: page.items.map((row) => {
      const statusCounts = counts.get(row.id) ?? {};
      return { ...row, statusCounts, recipientsCount: Object.values(statusCounts).reduce((sum, n) => sum + n, 0) };
    }),
    nextCursor: page.nextCursor,
  };
}

/** Any account's order with every piece, its status history and where an admin may move it next. */
export async function getOrderForAdmin(ctx: ServiceContext, orderId: number | string): Promise<AdminOrderDetail> {
  assertAdmin(ctx);
  const id = toSerialId(orderId, orderNotFound);
  const [order] = await ctx.db
    .select({ id: orders.id, createdAt: orders.createdAt, totalCents: orders.totalCents, userId: orders.userId, userEmail: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, id));
  if (!order) throw orderNotFound();
  const [pieces, history, totals, projectRows] = await Promise.all([
    ctx.db.select().from(orderRecipients).where(eq(orderRecipients.orderId, id)).orderBy(asc(orderRecipients.id)),
    statusHistoryOf(ctx.db, id),
    orderTotals(ctx.db, id),
    ctx.db
      .select({ id: projects.id, name: projects.name, cardName: cards.name, thumbnailPath: listPicturePath(cards.id) })
      .from(projects)
      .innerJoin(cards, eq(cards.id, projects.cardId))
      .where(inArray(projects.id, ctx.db.selectDistinct({ id: orderRecipients.projectId }).from(orderRecipients).where(eq(orderRecipients.orderId, id)))),
  ]);
  const projectInfo = new Map(projectRows.map((row) => [row.id, row]));
  const grouped = new Map<string, AdminOrderRecipient[]>();
  for (const piece of pieces) {
    const list = grouped.get(piece.projectId) ?? [];
    list.push({ ...piece, statusHistory: history.get(piece.id) ?? [], nextStatuses: allowedNextStatuses(piece.status) });
    grouped.set(piece.projectId, list);
  }
  return {
    order,
    totals,
    projects: [...grouped].map(([projectId, recipients]) => {
      const info = projectInfo.get(projectId);
      return { projectId, name: info?.name ?? "Project", cardName: info?.cardName ?? "", thumbnailPath: info?.thumbnailPath ?? null, recipients };
    }),
  };
}
