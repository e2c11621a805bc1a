import "server-only";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { contacts, orderRecipients, projectRecipients, projects } from "@/db/schema";
import type { ContactWithFamily } from "@/lib/contacts/mapper";
import { findContactsWithFamily } from "@/lib/contacts/queries";
import type { ServiceContext } from "@/lib/context";
import { keysetCursor } from "@/lib/cursor";
import { isUuid } from "@/lib/ids";
import { toCursorPage } from "@/lib/paging";
import { PROJECT_RECIPIENTS_PER_PAGE } from "./schema";
import { getProjectOrThrow, projectNotFound, type ProjectWithCard } from "./service";

/*
 * A project's recipients a page at a time, in the address book's order (last name, first name,
 * contact uuid): the project's detail carries the first page, and the rest is read by cursor.
 * The cost and the checkout count every recipient in SQL (service.ts, overview.ts), never a page.
 */

export type ProjectRecipient = ContactWithFamily & {
  overrideMessage: string | null;
  /** The order that mailed this recipient, or null while not ordered. */
  orderId: number | null;
};
export type ProjectRecipientsPage = { items: ProjectRecipient[]; nextCursor: string | null; total: number };
export type ProjectDetail = ProjectWithCard & { recipients: ProjectRecipient[]; recipientsCount: number; recipientsNextCursor: string | null };
export type ListProjectRecipientsInput = { cursor?: string | null; perPage?: number };

type RecipientPosition = { l: string; f: string; id: string };

const isRecipientPosition = (value: unknown): value is RecipientPosition => {
  const v = value as Partial<RecipientPosition> | null;
  return typeof v === "object" && v !== null && typeof v.l === "string" && typeof v.f === "string" && typeof v.id === "string" && isUuid(v.id);
};

// One list per project: another project's cursor (or the address book's) is refused.
const recipientsCursor = (projectId: string) => keysetCursor(`project-recipients:${projectId}`, isRecipientPosition);

async function ownProjectId(ctx: ServiceContext, projectUuid: string): Promise<string> {
  if (!isUuid(projectUuid)) throw projectNotFound();
  const [row] = await ctx.db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectUuid), eq(projects.userId, ctx.user.id)));
  if (!row) throw projectNotFound();
  return row.id;
}

/** Counted on the (project_id, contact_id) key, without reading the contacts. */
async function countRecipients(ctx: ServiceContext, projectId: string): Promise<number> {
  const [row] = await ctx.db.select({ total: count() }).from(projectRecipients).where(eq(projectRecipients.projectId, projectId));
  return Number(row?.total ?? 0);
}

async function readPage(ctx: ServiceContext, projectId: string, input: ListProjectRecipientsInput): Promise<ProjectRecipientsPage> {
  const perPage = input.perPage ?? PROJECT_RECIPIENTS_PER_PAGE;
  const cursor = recipientsCursor(projectId);
  const after = cursor.decode(ctx, input.cursor);
  const [rows, total] = await Promise.all([
    findContactsWithFamily(ctx.db, ctx.user.id, {
      where: and(
        // Spelled out: the relational query re-aliases column references to the outer contacts.
        sql`exists (select 1 from project_recipients pr where pr.project_id = ${projectId}::uuid and pr.contact_id = ${contacts.id})`,
        after ? sql`(${contacts.lastName}, ${contacts.firstName}, ${contacts.id}) > (${after.l}::text, ${after.f}::text, ${after.id}::uuid)` : undefined,
      ),
      orderBy: [asc(contacts.lastName), asc(contacts.firstName), asc(contacts.id)],
      limit: perPage + 1,
    }),
    countRecipients(ctx, projectId),
  ]);
  const page = toCursorPage(rows, perPage, (last) => cursor.encode(ctx, { l: last.lastName, f: last.firstName, id: last.id }));
  if (page.items.length === 0) return { items: [], nextCursor: page.nextCursor, total };
  const links = await ctx.db
    .select({ contactId: projectRecipients.contactId, overrideMessage: projectRecipients.overrideMessage, orderId: orderRecipients.orderId })
    .from(projectRecipients)
    .leftJoin(orderRecipients, eq(orderRecipients.projectRecipientId, projectRecipients.id))
    .where(
      and(
        eq(projectRecipients.projectId, projectId),
        eq(projectRecipients.userId, ctx.user.id),
        inArray(
          projectRecipients.contactId,
          page.items.map((item) => item.id),
        ),
      ),
    );
  const byContact = new Map(links.map((link) => [link.contactId, link]));
  return {
    items: page.items.map((row) => ({ ...row, overrideMessage: byContact.get(row.id)?.overrideMessage ?? null, orderId: byContact.get(row.id)?.orderId ?? null })),
    nextCursor: page.nextCursor,
    total,
  };
}

/**
 * A page of the project's recipients (contacts with family, their own message and the order
 * that mailed them) and how many the project has. Unknown or another user's project: 404
 * `Project not found`; a bad cursor or another project's: 422 on `cursor`.
 */
export async function listProjectRecipients(ctx: ServiceContext, projectUuid: string, input: ListProjectRecipientsInput = {}): Promise<ProjectRecipientsPage> {
  return readPage(ctx, await ownProjectId(ctx, projectUuid), input);
}

/** The project with the first page of its recipients, their count and where the next page starts. */
export async function getProjectDetail(ctx: ServiceContext, projectUuid: string): Promise<ProjectDetail> {
  const project = await getProjectOrThrow(ctx, projectUuid);
  const page = await readPage(ctx, project.id, {});
  return { ...project, recipients: page.items, recipientsCount: page.total, recipientsNextCursor: page.nextCursor };
}
