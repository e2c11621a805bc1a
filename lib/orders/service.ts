import "server-only";
import { and, asc, desc, eq, lt, notExists, sql } from "drizzle-orm";
import { execute, type Database } from "@/db/client";
import {
  cards,
  creditLedger,
  orderRecipients,
  orderStatusEvents,
  orders,
  projectRecipients,
  projects,
  users,
  type DeliveryStatus,
  type OrderRecipientRow,
} from "@/db/schema";
import { decodeCursor, encodeCursor } from "@/lib/api/cursor";
import { isUuid } from "@/lib/contacts/queries";
import type { ServiceContext } from "@/lib/context";
import { ADMIN_ACCOUNT_TYPE, assertAdmin, refundedCentsOfOrder } from "@/lib/credit/service";
import { AppError, forbidden, isUniqueViolation, notFound } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { listOrdersQuerySchema, setRecipientStatusSchema, type ListOrdersQuery } from "./schema";
import { ALLOWED_FROM, NEXT_FULFILMENT_STEP, refundsOnEntry } from "./status";
import { statusCountsByOrder, type OrderStatusCounts } from "./summary";

/** Days from checkout to the scheduled delivery date (midnight UTC of that day). */
const DELIVERY_LEAD_DAYS = 7;

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
const recipientNotFound = () => notFound("Order recipient not found");
const nothingToOrder = () => new AppError("nothing_to_order", "Project has no recipients");
const cannotChange = (from: string, to: string) => new AppError("validation", `Cannot change status from ${from} to ${to}.`);

const MAX_SERIAL = 2_147_483_647;

/** Path ids arrive as text: anything that cannot be a serial id is simply not found. */
function toSerialId(value: number | string, missing: () => AppError): number {
  const id = typeof value === "number" ? value : /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_SERIAL) throw missing();
  return id;
}

export type CheckoutOptions = {
  /**
   * The total the buyer was shown; if recipients were added or removed since, nothing is charged
   * and a `total_changed` error says what the order would now be.
   */
  expectedTotalCents?: number;
};

/**
 * Checks out the project's recipients that were never ordered, paying with account credit.
 *
 * One transaction, safe under any concurrency and across app instances: the project row is
 * locked first, so checkouts of one project run one after the other and each sees what the
 * previous one ordered; the credit moves in one conditional UPDATE that never takes it below
 * zero; the unique index on order_recipients.project_recipient_id backs both up.
 * The scheduled delivery date is midnight UTC, DELIVERY_LEAD_DAYS days after the checkout date.
 */
export async function checkoutProject(ctx: ServiceContext, projectUuid: string, options: CheckoutOptions = {}): Promise<CheckoutResult> {
  if (!isUuid(projectUuid)) throw projectNotFound();
  const userId = ctx.user.id;
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
        .select({ id: projectRecipients.id })
        .from(projectRecipients)
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
      const totalCents = project.priceCents * pending.length;
      // Checked under the project lock, so the total charged below is the one the buyer saw.
      if (options.expectedTotalCents !== undefined && totalCents !== options.expectedTotalCents) {
        throw new AppError("total_changed", "The project changed since its total was shown.", {
          checkout: { recipientsCount: pending.length, totalCents },
        });
      }
      if (!project.isCardActive) throw new AppError("validation", "The card of this project is no longer available.");

      const [charged] = await tx
        .update(users)
        .set({ creditCents: sql`${users.creditCents} - ${totalCents}::bigint` })
        .where(and(eq(users.id, userId), sql`${users.creditCents} >= ${totalCents}::bigint`))
        .returning({ creditCents: users.creditCents });
      if (!charged) {
        const [user] = await tx.select({ creditCents: users.creditCents }).from(users).where(eq(users.id, userId));
        throw new AppError("payment_required", "No account credit available to process order", {
          credit: { availableCents: user?.creditCents ?? 0, orderTotalCents: totalCents },
        });
      }

      const [order] = await tx.insert(orders).values({ userId, totalCents }).returning({ id: orders.id });
      const orderId = order!.id;
      const ids = `{${pending.map((p) => p.id).join(",")}}`;
      const placed = await execute<{ id: number }>(
        tx,
        sql`
          with placed as (
            insert into order_recipients (order_id, user_id, project_id, project_recipient_id, contact_id, internal_id, name,
              company, address, apt, city, state, zip, country, message, price_cents, status, scheduled_delivery_date)
            select ${orderId}::int, pr.user_id, pr.project_id, pr.id, c.id, c.internal_id, c.first_name || ' ' || c.last_name,
              c.company, c.address, c.apt, c.city, c.state, c.zip, c.country,
              coalesce(nullif(pr.override_message, ''), p.automation_message), ${project.priceCents}::int, 'pending',
              (date_trunc('day', now() at time zone 'UTC') + ${DELIVERY_LEAD_DAYS}::int * interval '1 day') at time zone 'UTC'
            from project_recipients pr
            join projects p on p.id = pr.project_id
            join contacts c on c.id = pr.contact_id
            where pr.id = any(${ids}::int[]) and pr.project_id = ${project.id}::uuid and pr.user_id = ${userId}::int
            order by pr.id
            returning id, created_at
          )
          insert into order_status_events (order_recipient_id, status, created_at)
          select id, 'pending', created_at from placed
          returning order_recipient_id as id
        `,
      );
      // The rows are locked above, so this only fails if the schema and this query disagree.
      if (placed.length !== pending.length) throw new Error(`Checkout copied ${placed.length} of ${pending.length} recipients`);

      await tx.insert(creditLedger).values({
        userId,
        amountCents: -totalCents,
        balanceAfterCents: charged.creditCents,
        kind: "order",
        orderId,
        createdBy: userId,
      });
      return { orderId, recipientsCount: pending.length, creditChargedCents: totalCents, remainingCreditCents: charged.creditCents };
    });
  } catch (error) {
    // Another checkout got these recipients first: what is left to order is nothing.
    if (isUniqueViolation(error, "order_recipients_project_recipient_key")) throw nothingToOrder();
    throw error;
  }
}

const ORDERS_CURSOR = "orders";

const isOrderPosition = (value: unknown): value is { id: number } =>
  typeof value === "object" && value !== null && Number.isSafeInteger((value as { id?: unknown }).id);

/** The user's orders, newest first. */
export async function listOrders(ctx: ServiceContext, input: Partial<ListOrdersQuery> = {}): Promise<OrderPage> {
  const query = parseInput(listOrdersQuerySchema, input);
  const after = query.cursor ? decodeCursor(ORDERS_CURSOR, query.cursor, isOrderPosition) : undefined;
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
  const page = rows.slice(0, query.per_page).map((row) => ({ ...row, projectIds: row.projectIds ? row.projectIds.split(",") : [] }));
  const last = page[page.length - 1];
  return { orders: page, nextCursor: rows.length > query.per_page && last ? encodeCursor(ORDERS_CURSOR, { id: last.id }) : null };
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

/**
 * Moves one piece to `to` if its current status allows it, logging the event in the same
 * statement; a cancellation refunds the piece's price with a 'refund' ledger row. The status
 * test is part of the UPDATE, so two concurrent changes can never both apply (nor refund twice).
 */
async function changeStatus(
  db: Database,
  options: { orderRecipientId: number; to: DeliveryStatus; ownerId?: number; actorId: number },
): Promise<OrderRecipientRow> {
  const { orderRecipientId: id, to, ownerId, actorId } = options;
  const ownerScope = ownerId === undefined ? sql`` : sql` and r.user_id = ${ownerId}::int`;
  const from = ALLOWED_FROM[to];
  if (from.length > 0) {
    const refund = refundsOnEntry(to)
        ? sql`,
          credited as (
            update users u set credit_cents = u.credit_cents + moved.price_cents
            from moved where u.id = moved.user_id
            returning u.id, u.credit_cents
          ),
          refunded as (
            insert into credit_ledger (user_id, amount_cents, balance_after_cents, kind, order_id, order_recipient_id, created_by)
            select moved.user_id, moved.price_cents, credited.credit_cents, 'refund', moved.order_id, moved.id, ${actorId}::int
            from moved join credited on credited.id = moved.user_id
          )`
        : sql``;
    try {
      // A savepoint, so that a refused statement leaves a caller's transaction usable.
      const moved = await db.transaction((tx) =>
        execute<{ id: number }>(
          tx,
          sql`
          with moved as (
            update order_recipients r set status = ${to}, updated_at = now()
            where r.id = ${id}::int${ownerScope} and r.status in (${sql.join(
              from.map((status) => sql`${status}`),
              sql`, `,
            )})
            returning r.id, r.user_id, r.order_id, r.price_cents, r.status, r.updated_at
          ),
          logged as (
            insert into order_status_events (order_recipient_id, status, created_at)
            select id, status, updated_at from moved
          )${refund}
          select id from moved
        `,
        ),
      );
      if (moved.length > 0) {
        const [row] = await db.select().from(orderRecipients).where(eq(orderRecipients.id, id));
        return row!;
      }
    } catch (error) {
      if (!isUniqueViolation(error, "credit_ledger_refund_once_key")) throw error;
    }
  }
  const [current] = await db
    .select({ status: orderRecipients.status })
    .from(orderRecipients)
    .where(and(eq(orderRecipients.id, id), ownerId === undefined ? undefined : eq(orderRecipients.userId, ownerId)));
  if (!current) throw recipientNotFound();
  throw cannotChange(current.status, to);
}

/** Cancels a piece that is not in production yet and refunds its price; the owner or an admin may. */
export async function cancelOrderRecipient(ctx: ServiceContext, orderRecipientId: number | string): Promise<OrderRecipientRow> {
  const id = toSerialId(orderRecipientId, recipientNotFound);
  const isAdmin = ctx.user.accountType === ADMIN_ACCOUNT_TYPE;
  return changeStatus(ctx.db, { orderRecipientId: id, to: "cancelled", ownerId: isAdmin ? undefined : ctx.user.id, actorId: ctx.user.id });
}

/** An admin moving any piece along the allowed transitions (a cancellation refunds, as above). */
export async function setRecipientStatus(ctx: ServiceContext, orderRecipientId: number | string, status: string): Promise<OrderRecipientRow> {
  assertAdmin(ctx);
  const input = parseInput(setRecipientStatusSchema, { status });
  const id = toSerialId(orderRecipientId, recipientNotFound);
  return changeStatus(ctx.db, { orderRecipientId: id, to: input.status, actorId: ctx.user.id });
}

export type AdvanceOptions = {
  /** A piece moves on once it has kept its status this long. */
  stepSeconds: number;
  /** The simulated present (tests); the database clock otherwise. */
  now?: Date;
  /** Most pieces moved in one call, so one run stays a short statement. */
  limit?: number;
};

/**
 * Moves every piece that has kept its status for `stepSeconds` one step along FULFILMENT_PATH,
 * logging each step, in one statement.
 * Safe to run from several app instances at once: a piece is only updated if it still has
 * the status and time this statement read (a compare-and-set that PostgreSQL re-checks after
 * waiting for a concurrent update), so a piece never moves two steps nor logs one twice.
 * Returns how many pieces moved.
 */
export async function advanceFulfilment(db: Database, options: AdvanceOptions): Promise<number> {
  const at = options.now ? sql`${options.now.toISOString()}::timestamptz` : sql`now()`;
  const step = Math.max(0, Math.floor(options.stepSeconds));
  const limit = Math.max(1, Math.floor(options.limit ?? 5000));
  const movable = Object.keys(NEXT_FULFILMENT_STEP) as DeliveryStatus[];
  const cases = sql.join(
    movable.map((status) => sql`when ${status} then ${NEXT_FULFILMENT_STEP[status]!}`),
    sql` `,
  );
  const moved = await execute<{ id: number }>(
    db,
    sql`
      with due as (
        select id, status, updated_at from order_recipients
        where status in (${sql.join(
          movable.map((status) => sql`${status}`),
          sql`, `,
        )}) and updated_at <= ${at} - ${step}::int * interval '1 second'
        order by updated_at, id
        limit ${limit}::int
      ),
      moved as (
        update order_recipients r set status = case due.status ${cases} end, updated_at = ${at}
        from due
        where r.id = due.id and r.status = due.status and r.updated_at = due.updated_at
        returning r.id, r.status
      )
      insert into order_status_events (order_recipient_id, status, created_at)
      select id, status, ${at} from moved
      returning order_recipient_id as id
    `,
  );
  return moved.length;
}
