import "server-only";
import { and, asc, desc, eq, lt, notExists, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import {
  cards,
  contacts,
  orderRecipients,
  orderStatusEvents,
  orders,
  projectRecipients,
  projects,
  type DeliveryStatus,
  type OrderRecipientRow,
} from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { refundedCentsOfOrder } from "@/lib/credit/service";
import { isIdPosition, keysetCursor } from "@/lib/cursor";
import { AppError, forbidden, isUniqueViolation, notFound } from "@/lib/errors";
import { isUuid, toSerialId } from "@/lib/ids";
import { toCursorPage } from "@/lib/paging";
import { checkoutTotalCents } from "@/lib/projects/cost";
import { fillPlaceholders, recipientPlaceholders } from "@/lib/placeholders";
import { parseInput } from "@/lib/validation";
import { listOrdersQuerySchema, type ListOrdersQuery } from "./schema";
import { scheduledDeliveryDay } from "./delivery-dates";
import { placeOrder } from "./place-order";
import { statusCountsByOrder, type OrderStatusCounts } from "./summary";

export type CheckoutResult = {
  orderId: number;
  recipientsCount: number;
  creditChargedCents: number;
  remainingCreditCents: number;
};

export type OrderSummary = {
  id: number;
  createdAt: Date;
  totalCents: number;
  recipientsCount: number;
  projectIds: string[];
};

export type OrderPage = { orders: OrderSummary[]; nextCursor: string | null };

export type TrackedRecipient = OrderRecipientRow;
export type StatusChange = { status: DeliveryStatus; at: Date; note: string | null };
export type TrackedRecipientWithHistory = TrackedRecipient & { statusHistory: StatusChange[] };

export type OrderTracking<R = TrackedRecipient> = {
  order: { id: number; createdAt: Date; totalCents: number };
  projects: { projectId: string; recipients: R[] }[];
};

const projectNotFound = () => notFound("Project not found");
const orderNotFound = () => notFound("Order not found");
const nothingToOrder = () => new AppError("nothing_to_order", "Project has no recipients");

export type CheckoutOptions = {
  /**
   * The total the buyer was shown; if recipients were added or removed since, nothing is charged
   * and a `total_changed` error says what the order would now be.
   */
  expectedTotalCents?: number;
  /** The day (`YYYY-MM-DD`) the cards should arrive; DELIVERY_LEAD_DAYS after today without it. */
  deliveryDate?: string;
  /** The present (tests); the clock otherwise. */
  now?: Date;
};

/**
 * Checks out the project's recipients that were never ordered, paying with account credit.
 *
 * One transaction, safe under any concurrency and across app instances: the project row is
 * locked first, so checkouts of one project run one after the other and each sees what the
 * previous one ordered; the credit moves in one conditional UPDATE that never takes it below
 * zero; the unique index on order_recipients.project_recipient_id backs both up.
 * Every piece is `pending` until production starts, DELIVERY_LEAD_DAYS before its delivery day;
 * `{first_name}` and `{last_name}` in its message become the recipient's.
 */
export async function checkoutProject(ctx: ServiceContext, projectUuid: string, options: CheckoutOptions = {}): Promise<CheckoutResult> {
  if (!isUuid(projectUuid)) throw projectNotFound();
  const userId = ctx.user.id;
  const deliveryDay = scheduledDeliveryDay(options.deliveryDate, options.now ?? new Date());
  try {
    return await ctx.db.transaction(async (tx) => {
      const [project] = await tx
        .select({ id: projects.id, priceCents: cards.priceCents, isCardActive: cards.isActive })
        .from(projects)
        .innerJoin(cards, eq(cards.id, projects.cardId))
        .where(and(eq(projects.id, projectUuid), eq(projects.userId, userId)))
        .for("update", { of: projects });
      if (!project) throw projectNotFound();

      // KEY SHARE keeps these rows from being deleted before they are copied into the order.
      const pending = await tx
        .select({
          id: projectRecipients.id,
          message: sql<string>`coalesce(nullif(${projectRecipients.overrideMessage}, ''), ${projects.automationMessage})`,
          firstName: sql<string>`coalesce(${contacts.firstName}, '')`,
          lastName: sql<string>`coalesce(${contacts.lastName}, '')`,
        })
        .from(projectRecipients)
        .innerJoin(projects, eq(projects.id, projectRecipients.projectId))
        .innerJoin(contacts, eq(contacts.id, projectRecipients.contactId))
        .where(
          and(
            eq(projectRecipients.projectId, project.id),
            eq(projectRecipients.userId, userId),
            notExists(tx.select({ one: sql`1` }).from(orderRecipients).where(eq(orderRecipients.projectRecipientId, projectRecipients.id))),
          ),
        )
        .orderBy(asc(projectRecipients.id))
        .for("key share", { of: projectRecipients });
      if (pending.length === 0) throw nothingToOrder();
      const totalCents = checkoutTotalCents(project.priceCents, pending.length);
      // Checked under the project lock, so the total charged below is the one the buyer saw.
      if (options.expectedTotalCents !== undefined && totalCents !== options.expectedTotalCents) {
        throw new AppError("total_changed", "The project changed since its total was shown.", {
          checkout: { recipientsCount: pending.length, totalCents },
        });
      }
      if (!project.isCardActive) throw new AppError("validation", "The card of this project is no longer available.");

      const messages = JSON.stringify(pending.map((p) => ({ id: p.id, message: fillPlaceholders(p.message, recipientPlaceholders(p)) })));
      const placed = await placeOrder(tx, {
        userId,
        projectId: project.id,
        source: "checkout",
        totalCents,
        piecesCount: pending.length,
        pieces: (orderId) => sql`
          select ${orderId}::int, pr.user_id, pr.project_id, pr.id, c.id, c.internal_id, c.first_name || ' ' || c.last_name,
            c.company, c.address, c.apt, c.city, c.state, c.zip, c.country,
            m.message, ${project.priceCents}::int, 'pending', ${deliveryDay.toISOString()}::timestamptz
          from jsonb_to_recordset(${messages}::jsonb) as m(id int, message text)
          join project_recipients pr on pr.id = m.id
          join contacts c on c.id = pr.contact_id
          where pr.project_id = ${project.id}::uuid and pr.user_id = ${userId}::int
          order by pr.id
        `,
      });
      return { orderId: placed.orderId, recipientsCount: pending.length, creditChargedCents: totalCents, remainingCreditCents: placed.remainingCreditCents };
    });
  } catch (error) {
    // Another checkout got these recipients first: what is left to order is nothing.
    if (isUniqueViolation(error, "order_recipients_project_recipient_key")) throw nothingToOrder();
    throw error;
  }
}

const ordersCursor = keysetCursor("orders", isIdPosition);

/** The user's orders, newest first. */
export async function listOrders(ctx: ServiceContext, input: Partial<ListOrdersQuery> = {}): Promise<OrderPage> {
  const query = parseInput(listOrdersQuerySchema, input);
  const after = ordersCursor.decode(ctx, query.cursor);
  // Qualified by hand: drizzle leaves columns of a one-table select unqualified, and inside the
  // subqueries a bare "id" would be the piece's id.
  const orderId = sql`${orders}.${sql.identifier("id")}`;
  const rows = await ctx.db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      totalCents: orders.totalCents,
      recipientsCount: sql<number>`(select count(*)::int from ${orderRecipients} r where r.order_id = ${orderId})`.mapWith(Number),
      // Projects in the order they were checked out in, as text so both drivers return the same.
      projectIds: sql<string>`(select coalesce(string_agg(s.project_id::text, ',' order by s.first_id), '') from (
        select r.project_id, min(r.id) as first_id from ${orderRecipients} r where r.order_id = ${orderId} group by r.project_id
      ) s)`,
    })
    .from(orders)
    .where(and(eq(orders.userId, ctx.user.id), after ? lt(orders.id, after.id) : undefined))
    .orderBy(desc(orders.id))
    .limit(query.per_page + 1);
  const page = toCursorPage(rows, query.per_page, (last) => ordersCursor.encode(ctx, { id: last.id }));
  return { orders: page.items.map((row) => ({ ...row, projectIds: row.projectIds ? row.projectIds.split(",") : [] })), nextCursor: page.nextCursor };
}

/** The order's pieces grouped by project (in checkout order); another user's order is a 403, as the spec names. */
export async function trackOrder(ctx: ServiceContext, orderId: number | string): Promise<OrderTracking> {
  const id = toSerialId(orderId, orderNotFound);
  const [order] = await ctx.db
    .select({ id: orders.id, userId: orders.userId, createdAt: orders.createdAt, totalCents: orders.totalCents })
    .from(orders)
    .where(eq(orders.id, id));
  if (!order) throw orderNotFound();
  if (order.userId !== ctx.user.id) throw forbidden("Unauthorized access to order tracking information");
  const rows = await ctx.db.select().from(orderRecipients).where(eq(orderRecipients.orderId, id)).orderBy(asc(orderRecipients.id));
  const byProject = new Map<string, TrackedRecipient[]>();
  for (const row of rows) {
    const list = byProject.get(row.projectId) ?? [];
    list.push(row);
    byProject.set(row.projectId, list);
  }
  return {
    order: { id: order.id, createdAt: order.createdAt, totalCents: order.totalCents },
    projects: [...byProject].map(([projectId, recipients]) => ({ projectId, recipients })),
  };
}

export type OrderTotals = { statusCounts: OrderStatusCounts; refundedCents: number };

/** How many of the order's pieces are in each status, and what its cancellations refunded (from the ledger). */
export async function orderTotals(db: Database, orderId: number): Promise<OrderTotals> {
  const [counts, refundedCents] = await Promise.all([statusCountsByOrder(db, [orderId]), refundedCentsOfOrder(db, orderId)]);
  return { statusCounts: counts.get(orderId) ?? {}, refundedCents };
}

/** Every status each piece of the order went through, with its time, oldest first, by piece id. */
export async function statusHistoryOf(db: Database, orderId: number): Promise<Map<number, StatusChange[]>> {
  const events = await db
    .select({
      orderRecipientId: orderStatusEvents.orderRecipientId,
      status: orderStatusEvents.status,
      note: orderStatusEvents.note,
      at: orderStatusEvents.createdAt,
    })
    .from(orderStatusEvents)
    .innerJoin(orderRecipients, eq(orderRecipients.id, orderStatusEvents.orderRecipientId))
    .where(eq(orderRecipients.orderId, orderId))
    .orderBy(asc(orderStatusEvents.createdAt), asc(orderStatusEvents.id));
  const history = new Map<number, StatusChange[]>();
  for (const event of events) {
    const list = history.get(event.orderRecipientId) ?? [];
    list.push({ status: event.status as DeliveryStatus, at: event.at, note: event.note });
    history.set(event.orderRecipientId, list);
  }
  return history;
}

/** trackOrder plus every status each piece went through and the order's totals, for the web app. */
export async function trackOrderWithHistory(
  ctx: ServiceContext,
  orderId: number | string,
): Promise<OrderTracking<TrackedRecipientWithHistory> & { totals: OrderTotals }> {
  const tracking = await trackOrder(ctx, orderId);
  const [history, totals] = await Promise.all([statusHistoryOf(ctx.db, tracking.order.id), orderTotals(ctx.db, tracking.order.id)]);
  return {
    order: tracking.order,
    projects: tracking.projects.map((project) => ({
      projectId: project.projectId,
      recipients: project.recipients.map((recipient) => ({ ...recipient, statusHistory: history.get(recipient.id) ?? [] })),
    })),
    totals,
  };
}
