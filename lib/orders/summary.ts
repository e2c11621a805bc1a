import "server-only";
import { and, count, eq, inArray } from "drizzle-orm";
import { cards, DELIVERY_STATUSES, orderRecipients, projects, type DeliveryStatus } from "@/db/schema";
import type { Database } from "@/db/client";
import { listPicturePath } from "@/lib/cards/list-picture";
import type { ServiceContext } from "@/lib/context";
import { isUuid } from "@/lib/ids";

export type OrderStatusCounts = Partial<Record<DeliveryStatus, number>>;

/** An order's project as its pages name it; the sign-off is the one every piece prints (its proof's). */
export type OrderProjectInfo = { id: string; name: string; cardName: string; thumbnailPath: string | null; signoff: string };

/** How many pieces of every account are in each status, every status present (the admin overview). */
export async function countPiecesByStatus(db: Database): Promise<Record<DeliveryStatus, number>> {
  const rows = await db.select({ status: orderRecipients.status, n: count() }).from(orderRecipients).groupBy(orderRecipients.status);
  const counts = Object.fromEntries(DELIVERY_STATUSES.map((status) => [status, 0])) as Record<DeliveryStatus, number>;
  for (const row of rows) counts[row.status as DeliveryStatus] = Number(row.n);
  return counts;
}

/**
 * How many of each order's pieces are in each status, in one grouped query; with `ownerId`, of
 * that account's orders only.
 */
export async function statusCountsByOrder(db: Database, orderIds: number[], ownerId?: number): Promise<Map<number, OrderStatusCounts>> {
  const counts = new Map<number, OrderStatusCounts>();
  const ids = orderIds.filter((id) => Number.isSafeInteger(id) && id > 0);
  if (ids.length === 0) return counts;
  const rows = await db
    .select({ orderId: orderRecipients.orderId, status: orderRecipients.status, n: count() })
    .from(orderRecipients)
    .where(and(ownerId === undefined ? undefined : eq(orderRecipients.userId, ownerId), inArray(orderRecipients.orderId, ids)))
    .groupBy(orderRecipients.orderId, orderRecipients.status);
  for (const row of rows) {
    const entry = counts.get(row.orderId) ?? {};
    entry[row.status as DeliveryStatus] = Number(row.n);
    counts.set(row.orderId, entry);
  }
  return counts;
}

/** How many of each order's pieces are in each status, for the acting user's orders only. */
export function getOrderStatusCounts(ctx: ServiceContext, orderIds: number[]): Promise<Map<number, OrderStatusCounts>> {
  return statusCountsByOrder(ctx.db, orderIds, ctx.user.id);
}

/** Name, sign-off and card (with its list picture) of the acting user's projects, by project id. */
export async function getOrderProjects(ctx: ServiceContext, projectIds: string[]): Promise<Map<string, OrderProjectInfo>> {
  const ids = [...new Set(projectIds.filter(isUuid))];
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({
      id: projects.id,
      name: projects.name,
      signoff: projects.automationSignoff,
      cardName: cards.name,
      thumbnailPath: listPicturePath(cards.id),
    })
    .from(projects)
    .innerJoin(cards, eq(cards.id, projects.cardId))
    .where(and(eq(projects.userId, ctx.user.id), inArray(projects.id, ids)));
  return new Map(rows.map((row) => [row.id, row]));
}
