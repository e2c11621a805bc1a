import "server-only";
import { and, asc, desc, eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import { planEachTime, type Database } from "@/db/client";
import { contacts, groups, projects } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { keysetCursor } from "@/lib/cursor";
import { notFound } from "@/lib/errors";
import { isSerialId, isUuid } from "@/lib/ids";
import { DEFAULT_PER_PAGE } from "@/lib/paging";
import type { ContactWithFamily } from "./mapper";
import { readColumns, withFamily } from "./queries";

/*
 * The address book, a page at a time: the query partners call most, tuned to stay fast on
 * books of 100,000 contacts (`npm run bench:plans` EXPLAINs the statements the API runs).
 *
 * - Keyset pagination on the (user_id, last_name, first_name, id) index: a cursor is the sort
 *   key of a page's boundary contact, so a page costs the same wherever it is in the book and
 *   inserts or deletes never shift one.
 * - A search collects its matches through the trigram index first and orders only those:
 *   walking the name index and filtering would read most of a large book for a rare term. A
 *   search or a group filter is planned for each execution (`planEachTime`), since how many
 *   contacts match decides the plan, tenant by tenant.
 * - The plain book (no search, no group) runs prepared statements built once per database and
 *   page size: drizzle takes longer to build these queries than PostgreSQL takes to run them.
 *   The page size is written into the statement (`writtenLimit`): given LIMIT as a parameter,
 *   PostgreSQL costs the generic plan as if a tenth of the book were read, never prefers it and
 *   plans every execution again.
 * - The API's projection reads each contact as the JSON text the database keeps in `api_json`
 *   (migration 0002_contact_api_json): no children and pets to gather, nothing to serialize.
 * - The web app's pickers list contacts to add to a project or a group, each marked with whether
 *   it is already there by an EXISTS per listed contact: one probe of the (project_id,
 *   contact_id) or (group_id, contact_id) key per row of the page, so a project of 10,000
 *   recipients costs a page what an empty one does, and no id list leaves the server.
 */

const groupNotFound = () => notFound("Group not found");
const projectNotFound = () => notFound("Project not found");

/** What the listed contacts could be added to: a project (by uuid) or a group (by id). */
export type ContactTarget = { projectUuid: string } | { groupId: number };

/** A target once its owner is checked: the key its membership table is probed on. */
type OwnedTarget = { projectId: string } | { groupId: number };

/**
 * A page boundary: the sort key of the last (`next`) or first (`prev`) contact of the page
 * the cursor was issued on. Keys, not offsets, so inserts and deletes never shift a page.
 */
export type ContactCursor = { d: "next" | "prev"; l: string; f: string; id: string };

function isContactCursor(value: unknown): value is ContactCursor {
  const v = value as Partial<ContactCursor> | null;
  return (
    typeof v === "object" &&
    v !== null &&
    (v.d === "next" || v.d === "prev") &&
    typeof v.l === "string" &&
    typeof v.f === "string" &&
    typeof v.id === "string" &&
    isUuid(v.id)
  );
}

const contactsCursor = keysetCursor("contacts", isContactCursor);

function cursorOf(ctx: ServiceContext, direction: ContactCursor["d"], row: { lastName: string; firstName: string; id: string }): string {
  return contactsCursor.encode(ctx, { d: direction, l: row.lastName, f: row.firstName, id: row.id });
}

export type ListContactsInput = {
  cursor?: string | null;
  perPage?: number;
  /** Case-insensitive substring of first, last or full name, email, phone, company, city, or a child's or pet's name. */
  query?: string | null;
  groupId?: number | null;
};

export type ContactPage = Page<ContactWithFamily>;

/** `%`, `_` and `\` are LIKE wildcards: a search for "50%" means the text "50%". */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, "\\$&");
}

/**
 * The search predicate on a `search_text` column (lower-cased "first last", email, phone,
 * phone digits, company, city, children's and pets' names): LIKE '%term%', which the trigram GIN index serves. A phone-like term also
 * matches by its digits, so "555-0123" finds "(555) 0123".
 */
function contactSearchPredicate(searchText: SQL, term: string): SQL | undefined {
  const trimmed = term.trim();
  if (trimmed === "") return undefined;
  const like = (value: string) => sql`${searchText} like lower(${`%${escapeLike(value)}%`})`;
  const digits = trimmed.replace(/\D/g, "");
  if (/^[\d\s().+-]+$/.test(trimmed) && digits.length >= 3 && digits !== trimmed) {
    return sql`(${like(trimmed)} or ${like(digits)})`;
  }
  return like(trimmed);
}

type PageQueryInput = { userId: number; position: ContactCursor | null; perPage: number; query?: string | null; groupId?: number | null };

/** A value bound at execution (a prepared page) or now. */
type Bound<T> = T | Placeholder;
type PagePosition = { d: ContactCursor["d"]; l: Bound<string>; f: Bound<string>; id: Bound<string> };
type PageStatementInput = {
  userId: Bound<number>;
  position: PagePosition | null;
  limit: Bound<number>;
  query?: string | null;
  groupId?: number | null;
};

/**
 * Whether the outer contact is already on the target. Aliases of their own: the relational
 * query re-aliases `contacts.id` to its outer "contacts", which is the row meant here.
 * OFFSET 0 keeps it one key probe per row of the page: a plain EXISTS the planner may turn
 * into a hash of the whole project's or group's membership, read in full for every page.
 */
function includedIn(target: OwnedTarget): SQL<boolean> {
  return "projectId" in target
    ? sql<boolean>`exists (select 1 from project_recipients target_pr where target_pr.project_id = ${target.projectId} and target_pr.contact_id = ${contacts.id} offset 0)`
    : sql<boolean>`exists (select 1 from group_contacts target_gc where target_gc.group_id = ${target.groupId} and target_gc.contact_id = ${contacts.id} offset 0)`;
}

/** The WHERE and ORDER BY of a page, shared by both projections. */
function pageFilter(input: PageStatementInput): { where: SQL | undefined; orderBy: SQL[] } {
  const { position } = input;
  const backwards = position?.d === "prev";
  const key = sql`(${contacts.lastName}, ${contacts.firstName}, ${contacts.id})`;
  const conditions: (SQL | undefined)[] = [eq(contacts.userId, input.userId)];
  if (position) {
    const boundary = sql`(${position.l}::text, ${position.f}::text, ${position.id}::uuid)`;
    conditions.push(backwards ? sql`${key} < ${boundary}` : sql`${key} > ${boundary}`);
  }
  // Subqueries name their columns by hand: the relational query re-aliases every column
  // reference it is given to the outer "contacts".
  const search = input.query ? contactSearchPredicate(sql.raw("m.search_text"), input.query) : undefined;
  if (search) {
    // The page is cut from the matches here, so children and pets are gathered for the page's
    // contacts only. OFFSET 0 keeps the matching a step of its own: given the ORDER BY and
    // LIMIT, the planner would walk the name index instead.
    const innerPosition = position
      ? sql`(m.last_name, m.first_name, m.id) ${sql.raw(backwards ? "<" : ">")} (${position.l}::text, ${position.f}::text, ${position.id}::uuid)`
      : sql`true`;
    const innerGroup =
      input.groupId != null ? sql` and exists (select 1 from group_contacts gc where gc.group_id = ${input.groupId} and gc.contact_id = m.id)` : sql``;
    const direction = sql.raw(backwards ? "desc" : "asc");
    conditions.push(
      sql`${contacts.id} = any(array(
        select m.id from (select m.id, m.last_name, m.first_name from contacts m where m.user_id = ${input.userId} and ${search} offset 0) m
        where ${innerPosition}${innerGroup}
        order by m.last_name ${direction}, m.first_name ${direction}, m.id ${direction} limit ${input.limit}))`,
    );
  }
  if (input.groupId != null) {
    conditions.push(sql`exists (select 1 from group_contacts gc where gc.group_id = ${input.groupId} and gc.contact_id = ${contacts.id})`);
  }
  const order = backwards ? desc : asc;
  const where = and(...conditions)!;
  return { where: search || input.groupId != null ? planEachTime(where) : where, orderBy: [order(contacts.lastName), order(contacts.firstName), order(contacts.id)] };
}

function pageStatement(db: Database, input: PageStatementInput) {
  const { where, orderBy } = pageFilter(input);
  return db.query.contacts.findMany({
    columns: readColumns,
    where,
    orderBy,
    limit: input.limit,
    with: withFamily,
  });
}

/** The rows page with each contact marked as on the target or not. */
function targetPageStatement(db: Database, input: PageStatementInput & { target: OwnedTarget }) {
  const { where, orderBy } = pageFilter(input);
  return db.query.contacts.findMany({
    columns: readColumns,
    extras: { included: includedIn(input.target).as("included") },
    where,
    orderBy,
    limit: input.limit,
    with: withFamily,
  });
}

/**
 * The same page as JSON text per contact (the API's projection, kept by the database in
 * `api_json`), with the keys cursors need.
 */
function pageJsonStatement(db: Database, input: PageStatementInput) {
  const { where, orderBy } = pageFilter(input);
  return db
    .select({ json: contacts.apiJson, lastName: contacts.lastName, firstName: contacts.firstName, id: contacts.id })
    .from(contacts)
    .where(where)
    .orderBy(...orderBy)
    .limit(input.limit);
}

type Projection = "rows" | "json";
type PreparedPage = { rows: ReturnType<ReturnType<typeof pageStatement>["prepare"]>; json: ReturnType<ReturnType<typeof pageJsonStatement>["prepare"]> };
const preparedPages = new WeakMap<Database, Map<string, PreparedPage[Projection]>>();

/**
 * The page size written into the statement instead of bound (see the header). Relies on drizzle
 * writing an SQL object given as the limit into the statement as it is, hence the cast.
 */
function writtenLimit(limit: number): Placeholder {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`Invalid page limit ${limit}`);
  return sql.raw(String(limit)) as unknown as Placeholder;
}

/** The prepared page statements of the plain address book, one per database, shape and page size. */
function preparedPage<P extends Projection>(db: Database, projection: P, shape: "first" | ContactCursor["d"], limit: number): PreparedPage[P] {
  let byShape = preparedPages.get(db);
  if (!byShape) preparedPages.set(db, (byShape = new Map()));
  const name = `contacts_page_${projection}_${shape}_${limit}`;
  let prepared = byShape.get(name);
  if (!prepared) {
    const position = shape === "first" ? null : { d: shape, l: sql.placeholder("l"), f: sql.placeholder("f"), id: sql.placeholder("id") };
    const input = { userId: sql.placeholder("userId"), position, limit: writtenLimit(limit) };
    prepared = projection === "rows" ? pageStatement(db, input).prepare(name) : pageJsonStatement(db, input).prepare(name);
    byShape.set(name, prepared);
  }
  return prepared as PreparedPage[P];
}

type ContactJsonRow = { json: string; lastName: string; firstName: string; id: string };
type PageKey = Pick<ContactWithFamily, "lastName" | "firstName" | "id">;

function readPage(db: Database, projection: "rows", input: PageQueryInput): Promise<ContactWithFamily[]>;
function readPage(db: Database, projection: "json", input: PageQueryInput): Promise<ContactJsonRow[]>;
async function readPage(db: Database, projection: Projection, input: PageQueryInput): Promise<PageKey[]> {
  const statement = projection === "rows" ? pageStatement : pageJsonStatement;
  if (input.groupId != null || (input.query ?? "").trim() !== "") return statement(db, { ...input, limit: input.perPage + 1 });
  const { position } = input;
  const values = { userId: input.userId, ...(position ? { l: position.l, f: position.f, id: position.id } : {}) };
  return preparedPage(db, projection, position?.d ?? "first", input.perPage + 1).execute(values);
}

export type Page<T> = { items: T[]; perPage: number; nextCursor: string | null; prevCursor: string | null };

async function listPage<T extends PageKey>(
  ctx: ServiceContext,
  input: ListContactsInput,
  read: (query: PageQueryInput) => Promise<T[]>,
): Promise<Page<T>> {
  const perPage = input.perPage ?? DEFAULT_PER_PAGE;
  const position = contactsCursor.decode(ctx, input.cursor) ?? null;
  if (input.groupId != null) await assertGroupOwned(ctx, input.groupId);

  const rows = await read({ userId: ctx.user.id, position, perPage, query: input.query, groupId: input.groupId });
  const hasMore = rows.length > perPage;
  const items = rows.slice(0, perPage);
  if (position?.d === "prev") items.reverse();

  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return { items, perPage, nextCursor: null, prevCursor: null };
  // Walking backwards, the boundary contact itself follows this page; walking forwards, it precedes it.
  const hasNext = position?.d === "prev" ? true : hasMore;
  const hasPrev = position?.d === "prev" ? hasMore : position !== null;
  return {
    items,
    perPage,
    nextCursor: hasNext ? cursorOf(ctx, "next", last) : null,
    prevCursor: hasPrev ? cursorOf(ctx, "prev", first) : null,
  };
}

/**
 * A page of the user's contacts ordered by last name, first name, uuid. `nextCursor` is null
 * on the last page, `prevCursor` null on the first; a bad cursor is a 422 on `cursor`, an
 * unknown group a 404.
 */
export function listContacts(ctx: ServiceContext, input: ListContactsInput = {}): Promise<ContactPage> {
  return listPage(ctx, input, (query) => readPage(ctx.db, "rows", query));
}

/** The same page as `listContacts`, each contact already the spec's Contact as JSON text. */
export async function listContactsJson(ctx: ServiceContext, input: ListContactsInput = {}): Promise<Page<string>> {
  const page = await listPage(ctx, input, (query) => readPage(ctx.db, "json", query));
  return { ...page, items: page.items.map((row) => row.json) };
}

/** A listed contact marked with whether it is already on the target project or in the target group. */
export type ContactToAdd = ContactWithFamily & { included: boolean };

/**
 * The same page as `listContacts` (search, group filter and cursor alike), each contact marked
 * `included` when it is already on the target. An unknown project or group, or another user's,
 * is a 404.
 */
export async function listContactsToAdd(ctx: ServiceContext, target: ContactTarget, input: ListContactsInput = {}): Promise<Page<ContactToAdd>> {
  const owned = await ownTarget(ctx, target);
  return listPage(ctx, input, (query) => targetPageStatement(ctx.db, { ...query, limit: query.perPage + 1, target: owned }));
}

async function ownTarget(ctx: ServiceContext, target: ContactTarget): Promise<OwnedTarget> {
  if ("groupId" in target) {
    await assertGroupOwned(ctx, target.groupId);
    return { groupId: target.groupId };
  }
  if (!isUuid(target.projectUuid)) throw projectNotFound();
  const [row] = await ctx.db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, target.projectUuid), eq(projects.userId, ctx.user.id)))
    .limit(1);
  if (!row) throw projectNotFound();
  return { projectId: row.id };
}

async function assertGroupOwned(ctx: ServiceContext, groupId: number): Promise<void> {
  if (!isSerialId(groupId)) throw groupNotFound();
  const [row] = await ctx.db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.id, groupId), eq(groups.userId, ctx.user.id)))
    .limit(1);
  if (!row) throw groupNotFound();
}
