import "server-only";
import { and, eq, inArray, sql, type AnyColumn } from "drizzle-orm";
import { cards, contacts, orderRecipients, projectRecipients, projects } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { isUuid } from "@/lib/ids";

/** What the project pages show beside a project: its card, and how far its recipients got. */
export type ProjectSummary = {
  projectId: string;
  cardId: number;
  cardName: string;
  priceCents: number;
  isCardActive: boolean;
  recipientsCount: number;
  orderedCount: number;
  /** Orders that mailed some of its recipients, newest first. */
  orderIds: number[];
};

/** Summaries of the acting user's projects among `projectIds` (others are left out), by project id. */
export async function getProjectSummaries(ctx: ServiceContext, projectIds: string[]): Promise<Map<string, ProjectSummary>> {
  const ids = [...new Set(projectIds.filter(isUuid))];
  if (ids.length === 0) return new Map();
  const [rows, orderRows] = await Promise.all([
    ctx.db
      .select({
        projectId: projects.id,
        cardId: cards.id,
        cardName: cards.name,
        priceCents: cards.priceCents,
        isCardActive: cards.isActive,
        recipientsCount: sql<number>`count(${projectRecipients.id})::int`,
        orderedCount: sql<number>`(count(${projectRecipients.id}) filter (where exists (
          select 1 from ${orderRecipients} where ${orderRecipients.projectRecipientId} = ${projectRecipients.id})))::int`,
      })
      .from(projects)
      .innerJoin(cards, eq(cards.id, projects.cardId))
      .leftJoin(projectRecipients, eq(projectRecipients.projectId, projects.id))
      .where(and(eq(projects.userId, ctx.user.id), inArray(projects.id, ids)))
      .groupBy(projects.id, cards.id),
    ctx.db
      .selectDistinct({ projectId: orderRecipients.projectId, orderId: orderRecipients.orderId })
      .from(orderRecipients)
      .where(and(eq(orderRecipients.userId, ctx.user.id), inArray(orderRecipients.projectId, ids))),
  ]);
  const ordersByProject = new Map<string, number[]>();
  for (const row of orderRows) ordersByProject.set(row.projectId, [...(ordersByProject.get(row.projectId) ?? []), row.orderId]);
  return new Map(
    rows.map((row) => [
      row.projectId,
      {
        ...row,
        recipientsCount: Number(row.recipientsCount),
        orderedCount: Number(row.orderedCount),
        orderIds: (ordersByProject.get(row.projectId) ?? []).sort((a, b) => b - a),
      },
    ]),
  );
}

/** The project's recipients that were already ordered: contact id -> the order that mailed them. */
export async function listOrderedRecipients(ctx: ServiceContext, projectUuid: string): Promise<Map<string, number>> {
  if (!isUuid(projectUuid)) return new Map();
  const rows = await ctx.db
    .select({ contactId: projectRecipients.contactId, orderId: orderRecipients.orderId })
    .from(projectRecipients)
    .innerJoin(orderRecipients, eq(orderRecipients.projectRecipientId, projectRecipients.id))
    .where(and(eq(projectRecipients.projectId, projectUuid), eq(projectRecipients.userId, ctx.user.id)));
  return new Map(rows.map((row) => [row.contactId, row.orderId]));
}

/** What the project pages warn about, over every recipient of the project (the pages list only some). */
export type RecipientChecks = {
  /** Recipients not ordered yet whose contact lacks a street, city or ZIP code. */
  withoutAddress: number;
  /** Recipients with their own message instead of the project's. */
  ownMessages: number;
};

export async function getRecipientChecks(ctx: ServiceContext, projectUuid: string): Promise<RecipientChecks> {
  if (!isUuid(projectUuid)) return { withoutAddress: 0, ownMessages: 0 };
  const blank = (column: AnyColumn) => sql`coalesce(${column}, '') = ''`;
  const [row] = await ctx.db
    .select({
      withoutAddress: sql<number>`(count(*) filter (where (${blank(contacts.address)} or ${blank(contacts.city)} or ${blank(contacts.zip)})
        and not exists (select 1 from ${orderRecipients} where ${orderRecipients.projectRecipientId} = ${projectRecipients.id})))::int`,
      ownMessages: sql<number>`(count(*) filter (where coalesce(${projectRecipients.overrideMessage}, '') <> ''))::int`,
    })
    .from(projectRecipients)
    .innerJoin(contacts, eq(contacts.id, projectRecipients.contactId))
    .where(and(eq(projectRecipients.projectId, projectUuid), eq(projectRecipients.userId, ctx.user.id)));
  return { withoutAddress: Number(row?.withoutAddress ?? 0), ownMessages: Number(row?.ownMessages ?? 0) };
}
