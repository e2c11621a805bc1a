import "server-only";
import { and, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { execute, type Database } from "@/db/client";
import { cardImages, cards, contacts, groupContacts, projectRecipients, projects, type ProjectRow } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { keysetCursor } from "@/lib/cursor";
import { AppError, fieldError, notFound, validationError } from "@/lib/errors";
import { getGroupOrThrow } from "@/lib/groups/service";
import { isSerialId, isUuid } from "@/lib/ids";
import { toCursorPage } from "@/lib/paging";
import { assertWithinQuota, lockAccountQuotas } from "@/lib/quotas";
import { cardFormat, messageFitErrors, type CardFormat } from "@/lib/cards/message-fit";
import { DEFAULT_MESSAGE_FONT } from "@/lib/fonts";
import { checkoutTotalCents } from "./cost";
import type { CreateProjectInput, ListProjectsQuery, UpdateProjectInput } from "./schema";

export const projectNotFound = () => notFound("Project not found");

/** A project with the card images its response names (front and thumbnail). */
export type ProjectWithCard = ProjectRow & { card: { images: { type: string; path: string }[] } };
export type ProjectPage = { projects: ProjectWithCard[]; nextCursor: string | null };
export type ProjectCost = { recipients: number; unordered_recipients: number; price_cents: number; total_cents: number };

const cardWithImages = {
  columns: {},
  with: { images: { columns: { type: true, path: true }, where: inArray(cardImages.type, ["front", "thumbnail"]) } },
} as const;

async function findProjects(db: Database, where: SQL, limit: number): Promise<(ProjectWithCard & { createdAtKey: string })[]> {
  return db.query.projects.findMany({
    where,
    orderBy: [desc(projects.createdAt), desc(projects.id)],
    limit,
    // The exact timestamp as text: a JavaScript Date drops microseconds, which a keyset cursor needs.
    extras: { createdAtKey: sql<string>`${projects.createdAt}::text`.as("created_at_key") },
    with: { card: cardWithImages },
  });
}

async function findOwnProject(ctx: ServiceContext, projectUuid: string): Promise<ProjectWithCard> {
  if (!isUuid(projectUuid)) throw projectNotFound();
  const [row] = await findProjects(ctx.db, and(eq(projects.id, projectUuid), eq(projects.userId, ctx.user.id))!, 1);
  if (!row) throw projectNotFound();
  return row;
}

/** The id of the user's project, locked until the transaction ends when `forUpdate`. */
async function ownProjectId(db: Database, ctx: ServiceContext, projectUuid: string, forUpdate = false): Promise<string> {
  if (!isUuid(projectUuid)) throw projectNotFound();
  const query = db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectUuid), eq(projects.userId, ctx.user.id)));
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row) throw projectNotFound();
  return row.id;
}

type ProjectCursor = { t: string; id: string };
const isProjectCursor = (value: unknown): value is ProjectCursor =>
  typeof value === "object" && value !== null && typeof (value as ProjectCursor).t === "string" && typeof (value as ProjectCursor).id === "string" && isUuid((value as ProjectCursor).id);
const projectsCursor = keysetCursor("projects", isProjectCursor);

/** The user's projects, newest first; keyset pagination on (created_at, id). */
export async function listProjects(ctx: ServiceContext, query: ListProjectsQuery): Promise<ProjectPage> {
  const after = projectsCursor.decode(ctx, query.cursor);
  const where = and(
    eq(projects.userId, ctx.user.id),
    // An automation's project only records its orders: the user never prepares it by hand.
    sql`not exists (select 1 from automations a where a.project_id = ${projects.id})`,
    after ? sql`(${projects.createdAt}, ${projects.id}) < (${after.t}::timestamptz, ${after.id}::uuid)` : undefined,
  )!;
  const rows = await findProjects(ctx.db, where, query.per_page + 1);
  const page = toCursorPage(rows, query.per_page, (last) => projectsCursor.encode(ctx, { t: last.createdAtKey, id: last.id }));
  return { projects: page.items.map(withoutKey), nextCursor: page.nextCursor };
}

function withoutKey({ createdAtKey: _key, ...project }: ProjectWithCard & { createdAtKey: string }): ProjectWithCard {
  return project;
}

/** A new project of an active card; its category, occasion and format come from the card. */
export async function createProject(ctx: ServiceContext, input: CreateProjectInput): Promise<ProjectWithCard> {
  const invalidCard = () => fieldError("card_id", "The selected card id is invalid.");
  if (!isSerialId(input.card_id)) throw invalidCard();
  const card = await ctx.db.query.cards.findFirst({
    where: and(eq(cards.id, input.card_id), eq(cards.isActive, true)),
    columns: { id: true, isBox: true, isPostcard: true },
    with: {
      categoryLinks: { columns: { categoryId: true }, orderBy: (link, { asc }) => [asc(link.categoryId)], limit: 1 },
      occasionLinks: { columns: { occasionId: true }, orderBy: (link, { asc }) => [asc(link.occasionId)], limit: 1 },
    },
  });
  if (!card) throw invalidCard();
  assertMessageFits(cardFormat(card), input);
  const [row] = await ctx.db
    .insert(projects)
    .values({
      userId: ctx.user.id,
      cardId: card.id,
      name: input.name,
      automationMessage: input.automation_message ?? "",
      automationSignoff: input.automation_signoff ?? "",
      messageFont: input.message_font ?? DEFAULT_MESSAGE_FONT,
      isBox: card.isBox,
      isPostcard: card.isPostcard,
      categoryId: card.categoryLinks[0]?.categoryId ?? null,
      occasionId: card.occasionLinks[0]?.occasionId ?? null,
    })
    .returning({ id: projects.id });
  return findOwnProject(ctx, row!.id);
}

/** One of the user's projects with its card's images; its recipients are read a page at a time (recipient-list.ts). */
export async function getProjectOrThrow(ctx: ServiceContext, projectUuid: string): Promise<ProjectWithCard> {
  return findOwnProject(ctx, projectUuid);
}

/** Changes the fields sent; a message or sign-off sent as null is cleared. */
export async function updateProject(ctx: ServiceContext, projectUuid: string, input: UpdateProjectInput): Promise<ProjectWithCard> {
  if (!isUuid(projectUuid)) throw projectNotFound();
  const [format] = await ctx.db
    .select({ isBox: projects.isBox, isPostcard: projects.isPostcard })
    .from(projects)
    .where(and(eq(projects.id, projectUuid), eq(projects.userId, ctx.user.id)));
  if (!format) throw projectNotFound();
  assertMessageFits(cardFormat(format), input);
  const set: Partial<typeof projects.$inferInsert> = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.automation_message !== undefined) set.automationMessage = input.automation_message ?? "";
  if (input.automation_signoff !== undefined) set.automationSignoff = input.automation_signoff ?? "";
  if (input.message_font !== undefined) set.messageFont = input.message_font;
  const updated = await ctx.db
    .update(projects)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(projects.id, projectUuid), eq(projects.userId, ctx.user.id)))
    .returning({ id: projects.id });
  if (updated.length === 0) throw projectNotFound();
  return findOwnProject(ctx, projectUuid);
}

/** A 422 naming the message or sign-off that the card's text box can't hold. */
export function assertMessageFits(format: CardFormat, input: { automation_message?: string | null; automation_signoff?: string | null }): void {
  const errors = messageFitErrors(format, { message: input.automation_message, signoff: input.automation_signoff }, { message: "automation_message", signoff: "automation_signoff" });
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

// Spelled out: Drizzle leaves column names unqualified in a single-table select, which would
// make `id` here mean order_recipients.id.
const isOrdered = sql<boolean>`exists (select 1 from order_recipients o where o.project_recipient_id = project_recipients.id)`;

const touchProject = (db: Database, projectId: string) => db.update(projects).set({ updatedAt: sql`now()` }).where(eq(projects.id, projectId));

/**
 * Takes a contact off a project. A recipient already ordered stays: its order keeps pointing at it.
 * The project row is locked so that a checkout running at the same time is either before or after.
 */
export async function removeRecipient(ctx: ServiceContext, projectUuid: string, contactId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const projectId = await ownProjectId(tx, ctx, projectUuid, true);
    if (!isUuid(contactId)) throw notFound("Contact not found");
    const [link] = await tx
      .select({
        id: projectRecipients.id,
        isOrdered,
      })
      .from(projectRecipients)
      .where(and(eq(projectRecipients.projectId, projectId), eq(projectRecipients.contactId, contactId), eq(projectRecipients.userId, ctx.user.id)));
    if (!link) throw notFound("Contact not found");
    if (link.isOrdered) throw new AppError("validation", "This recipient has already been ordered.");
    await tx.delete(projectRecipients).where(eq(projectRecipients.id, link.id));
    await touchProject(tx, projectId);
  });
}

/**
 * Adds the user's contacts (ids that aren't the user's are skipped) in one statement; a contact
 * already on the project stays as it is. Returns how many were added.
 */
export async function addContactsToProject(ctx: ServiceContext, projectUuid: string, contactIds: string[]): Promise<number> {
  const projectId = await ownProjectId(ctx.db, ctx, projectUuid);
  const ids = [...new Set(contactIds.filter(isUuid))];
  if (ids.length === 0) return 0;
  return insertRecipients(ctx, projectId, sql`select ${contacts.id} from ${contacts} where ${contacts.userId} = ${ctx.user.id} and ${inArray(contacts.id, ids)}`);
}

/** Adds every contact of one of the user's groups; returns how many were not on the project yet. */
export async function addGroupToProject(ctx: ServiceContext, projectUuid: string, groupId: number | string): Promise<number> {
  const projectId = await ownProjectId(ctx.db, ctx, projectUuid);
  const group = await getGroupOrThrow(ctx, groupId);
  return insertRecipients(
    ctx,
    projectId,
    sql`select ${groupContacts.contactId} from ${groupContacts} where ${groupContacts.groupId} = ${group.id} and ${groupContacts.userId} = ${ctx.user.id}`,
  );
}

/** A 422 on `field` when `recipients`, a project's count after a write, is over its quota. */
export function assertRecipientsQuota(recipients: number, field: string): void {
  assertWithinQuota("recipientsPerProject", recipients, field, (limit) => `A project can have at most ${limit} recipients; this would make ${recipients.toLocaleString("en-US")}.`);
}

async function insertRecipients(ctx: ServiceContext, projectId: string, contactIds: SQL): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    await lockAccountQuotas(tx, ctx.user.id);
    const added = await execute<{ id: number }>(
      tx,
      sql`insert into ${projectRecipients} (project_id, contact_id, user_id)
          select ${projectId}::uuid, picked.id, ${ctx.user.id}::int from (${contactIds}) as picked(id)
          on conflict (project_id, contact_id) do nothing
          returning id`,
    );
    if (added.length === 0) return 0;
    // Counted on project_recipients_project_contact_key (project_id first).
    const [row] = await tx.select({ n: count() }).from(projectRecipients).where(eq(projectRecipients.projectId, projectId));
    assertRecipientsQuota(Number(row!.n), "recipients");
    await touchProject(tx, projectId);
    return added.length;
  });
}

/** What checking the project out would cost now: the card's price for each recipient not yet ordered. */
export async function getProjectCost(ctx: ServiceContext, projectUuid: string): Promise<ProjectCost> {
  if (!isUuid(projectUuid)) throw projectNotFound();
  const [row] = await ctx.db
    .select({
      priceCents: cards.priceCents,
      recipients: sql<number>`count(${projectRecipients.id})::int`,
      unordered: sql<number>`(count(${projectRecipients.id}) filter (where not ${isOrdered}))::int`,
    })
    .from(projects)
    .innerJoin(cards, eq(cards.id, projects.cardId))
    .leftJoin(projectRecipients, eq(projectRecipients.projectId, projects.id))
    .where(and(eq(projects.id, projectUuid), eq(projects.userId, ctx.user.id)))
    .groupBy(cards.priceCents);
  if (!row) throw projectNotFound();
  const recipients = Number(row.recipients);
  const unordered = Number(row.unordered);
  return { recipients, unordered_recipients: unordered, price_cents: row.priceCents, total_cents: checkoutTotalCents(row.priceCents, unordered) };
}
