// The query plans of the address book's reads on the benchmark's book: the statements the
// services send for each request, recorded through drizzle's logger as they run, then EXPLAINed
// with their parameters on the loaded database. A plan that scans the contacts table, or a page
// that leaves the index it is tuned for, fails the benchmark: on 100,000 contacts it is still
// fast enough to pass unnoticed, on a few million it is not.
import type { PGlite } from "@electric-sql/pglite";
import type postgres from "postgres";
import type { Database, DbHandle } from "@/db/client";
import { apiReads } from "./api-reads";
import { compact, describeParams } from "./sql-capture";

type Ctx = { db: Database; user: { id: number; accountType: number } };
type Recorded = { query: string; params: unknown[] };

/** What the reads need from the book, prepared by bench/book.ts. */
export type PlanBook = { ctx: Ctx; deepCursor: string; terms: { surname: string; email: string; phone: string }; groupId: number };

type Rule = { label: string; pattern: RegExp };

type PlanRead = {
  name: string;
  request: string;
  run: (db: Database) => Promise<unknown>;
  /** Each rule must hold for every plan (custom and generic) of at least one of the read's statements. */
  expect: Rule[];
};

const SEQ_SCAN_ON_CONTACTS = /Seq Scan on contacts(\s|$)/m;

const rule = (label: string, pattern: RegExp): Rule => ({ label, pattern });
const NAME_INDEX = rule("the name index", /Index (Only )?Scan using contacts_user_name_idx on contacts/);
const NAME_INDEX_BACKWARD = rule("the name index, backwards", /Index (Only )?Scan Backward using contacts_user_name_idx on contacts/);
const CURSOR_SEEK = rule("a seek to the cursor's row", /Index Cond: .*ROW\((contacts\.)?last_name, (contacts\.)?first_name, (contacts\.)?id\) >/);
const CURSOR_SEEK_BACKWARD = rule("a seek to the cursor's row, backwards", /Index Cond: .*ROW\((contacts\.)?last_name, (contacts\.)?first_name, (contacts\.)?id\) </);
const TRIGRAM_INDEX = rule("the trigram index", /Bitmap Index Scan on contacts_search_trgm_idx/);
// The group page's plan depends on the group's size (planned each time): either way membership is looked up by the group's key.
const GROUP_KEY = rule("the group's key", /(Index|Index Only|Bitmap Index) Scan (using |on )group_contacts_group_id_contact_id_pk/);
// The pickers' mark ("On project", "In group") is one lookup per listed contact, by the target's key.
const PROJECT_RECIPIENT_KEY = rule("the project's recipient key", /(Index|Index Only|Bitmap Index) Scan (using |on )project_recipients_project_contact_key/);
const MONTH_INDEXES = [
  "contacts_user_birth_month_idx",
  "contacts_user_anniversary_month_idx",
  "contacts_user_spouse_birth_month_idx",
  "contact_children_user_birth_month_idx",
  "contact_pets_user_birth_month_idx",
].map((index) => rule(index, new RegExp(`(Index|Index Only|Bitmap Index) Scan (using |on )${index}`)));

/** One contact in 50 of the book, in name order, in a group: the group page's read. */
export async function addBookGroup(ctx: Ctx): Promise<number> {
  const { sql } = await import("drizzle-orm");
  const { execute } = await import("@/db/client");
  const { addContactsToGroup, createGroup } = await import("@/lib/groups/service");
  const group = await createGroup(ctx, { name: "Clients", description: "One contact in 50" });
  const rows = await execute<{ id: string }>(
    ctx.db,
    sql`select id from (select id, row_number() over (order by last_name, first_name, id) as n from contacts where user_id = ${ctx.user.id}) c
        where n % 50 = 0`,
  );
  // The bulk action takes 1,000 contacts at a time.
  for (let from = 0; from < rows.length; from += 1000) {
    await addContactsToGroup(ctx, group.id, rows.slice(from, from + 1000).map((row) => row.id));
  }
  return group.id;
}

async function planReads(book: PlanBook, token: string): Promise<PlanRead[]> {
  const { listContacts, listContactsJson } = await import("@/lib/contacts/service");
  const { CONTACTS_PER_PAGE } = await import("@/lib/contacts/view");
  const api = await apiReads();
  const contacts = (query: Record<string, string>) => (db: Database) => api.contacts(query)(db, token);
  const qs = (query: Record<string, string>) => (Object.keys(query).length ? `?${new URLSearchParams(query).toString()}` : "");
  const apiRead = (name: string, query: Record<string, string>, expect: Rule[]): PlanRead => ({
    name,
    request: `GET /api/v1/contacts${qs(query)}`,
    run: contacts(query),
    expect,
  });
  // A cursor the server would hand out: the previous page of the deep page.
  const deep = await listContactsJson(book.ctx, { cursor: book.deepCursor });
  if (!deep.prevCursor) throw new Error("The deep page has no previous page: the book is too small for the plan check.");
  const web = (query: string | null, cursor: string | null) => (db: Database) => listContacts({ db, user: book.ctx.user }, { cursor, query, groupId: null, perPage: CONTACTS_PER_PAGE });
  const march = { month: "3", year: "2026" };
  const { listContactsToAdd } = await import("@/lib/contacts/list");
  const { projects } = await import("@/db/schema");
  const { and, eq, like } = await import("drizzle-orm");
  // One of the book's projects, as full as a project may be (bench/book.ts): the recipient picker's target.
  const [fullProject] = await book.ctx.db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.userId, book.ctx.user.id), like(projects.name, "Address book import%")))
    .limit(1);
  if (!fullProject) throw new Error("The book has no project for the recipient picker's plan.");
  const picker = (target: Parameters<typeof listContactsToAdd>[1], query: string | null) => (db: Database) =>
    listContactsToAdd({ db, user: book.ctx.user }, target, { query, perPage: CONTACTS_PER_PAGE });

  return [
    apiRead("contacts-first-page", {}, [NAME_INDEX]),
    apiRead("contacts-deep-page", { cursor: book.deepCursor }, [NAME_INDEX, CURSOR_SEEK]),
    apiRead("contacts-deep-page-prev", { cursor: deep.prevCursor }, [NAME_INDEX_BACKWARD, CURSOR_SEEK_BACKWARD]),
    apiRead("search-surname", { query: book.terms.surname }, [TRIGRAM_INDEX]),
    apiRead("search-email", { query: book.terms.email }, [TRIGRAM_INDEX]),
    apiRead("search-phone", { query: book.terms.phone }, [TRIGRAM_INDEX]),
    // The book's own values (bench/data.ts): a city of one contact in 16, a company of one in 50,
    // a name children share with contacts, a pet's name.
    apiRead("search-city", { query: "Nashville" }, [TRIGRAM_INDEX]),
    apiRead("search-company", { query: "Vandelay" }, [TRIGRAM_INDEX]),
    apiRead("search-child", { query: "Mateo" }, [TRIGRAM_INDEX]),
    apiRead("search-pet", { query: "Daisy" }, [TRIGRAM_INDEX]),
    apiRead("group-page", { group_id: String(book.groupId) }, [GROUP_KEY]),
    { name: "events-month", request: `GET /api/v1/contacts/events${qs(march)}`, run: (db) => api.events(march)(db, token), expect: MONTH_INDEXES },
    // The web address book reads the same pages with children and pets (lib/contacts/list.ts).
    { name: "web-first-page", request: "GET /contacts (listContacts)", run: web(null, null), expect: [NAME_INDEX] },
    { name: "web-next-page", request: "GET /contacts/page-data?cursor=... (listContacts)", run: web(null, book.deepCursor), expect: [NAME_INDEX, CURSOR_SEEK] },
    { name: "web-search", request: `GET /contacts?query=${book.terms.surname} (listContacts)`, run: web(book.terms.surname, null), expect: [TRIGRAM_INDEX] },
    // The contact pickers of a project and a group (lib/contacts/list.ts, listContactsToAdd).
    { name: "picker-project", request: `GET /contacts/page-data?on_project=... (listContactsToAdd)`, run: picker({ projectUuid: fullProject.id }, null), expect: [NAME_INDEX, PROJECT_RECIPIENT_KEY] },
    { name: "picker-project-search", request: `GET /contacts/page-data?on_project=...&query=${book.terms.surname}`, run: picker({ projectUuid: fullProject.id }, book.terms.surname), expect: [TRIGRAM_INDEX, PROJECT_RECIPIENT_KEY] },
    { name: "picker-group", request: `GET /contacts/page-data?in_group=${book.groupId} (listContactsToAdd)`, run: picker({ groupId: book.groupId }, null), expect: [NAME_INDEX, GROUP_KEY] },
  ];
}

/**
 * A second drizzle instance on the handle's client (as `withQueryCounter` in db/client.ts makes
 * one) whose logger keeps each statement and its parameters: on PostgreSQL its statements go
 * through the same client, prepared as the server prepares them.
 */
export async function recordingDatabase(handle: DbHandle): Promise<{ db: Database; take(): Recorded[] }> {
  const schema = await import("@/db/schema");
  const log: Recorded[] = [];
  const logger = { logQuery: (query: string, params: unknown[]) => void log.push({ query, params }) };
  const client = (handle.db as unknown as { $client: unknown }).$client;
  let db: Database;
  if (handle.driver === "pglite") {
    const { drizzle } = await import("drizzle-orm/pglite");
    db = drizzle(client as PGlite, { schema, casing: "snake_case", logger }) as unknown as Database;
  } else {
    const { drizzle } = await import("drizzle-orm/postgres-js");
    db = drizzle(client as postgres.Sql, { schema, casing: "snake_case", logger }) as unknown as Database;
  }
  return { db, take: () => log.splice(0) };
}

/** A value written into `EXECUTE`: under a generic plan only its type matters, and an untyped literal takes the parameter's. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean" && typeof value !== "bigint") {
    throw new Error(`The plan check cannot write a parameter of type ${typeof value} into EXECUTE.`);
  }
  return `'${String(value).replaceAll("'", "''")}'`;
}

type Plan = { kind: "custom" | "generic"; text: string };
type Explainer = { plans(statement: Recorded): Promise<Plan[]>; close(): Promise<void> };

/**
 * EXPLAIN with the statement's parameters: the plan PostgreSQL makes for these values. A statement
 * the app prepares (on PostgreSQL, every one not marked `planEachTime`) runs on a generic plan
 * once the plan cache settles on it, so its generic plan is taken as well, from a prepared
 * statement under `force_generic_plan` (PostgreSQL 15 has no `EXPLAIN (GENERIC_PLAN)`).
 */
async function explainer(handle: DbHandle): Promise<Explainer> {
  const client = (handle.db as unknown as { $client: unknown }).$client;
  if (handle.driver === "pglite") {
    const pglite = client as PGlite;
    return {
      async plans(statement) {
        const result = await pglite.query<{ "QUERY PLAN": string }>(`explain ${statement.query}`, statement.params);
        return [{ kind: "custom", text: result.rows.map((row) => row["QUERY PLAN"]).join("\n") }];
      },
      close: async () => {},
    };
  }
  const { sql } = await import("drizzle-orm");
  const { PgDialect } = await import("drizzle-orm/pg-core");
  const { planEachTime } = await import("@/db/client");
  const planEachTimeMark = new PgDialect().sqlToQuery(planEachTime(sql.raw(""))).sql.trim();
  // One connection: the setting and the prepared statement belong to its session.
  const connection = await (client as postgres.Sql).reserve();
  const run = async (query: string, params: unknown[] = []) =>
    (await connection.unsafe(query, params as never, { prepare: false }).values()).map(([line]) => String(line)).join("\n");
  await run("set plan_cache_mode = force_generic_plan");
  return {
    async plans(statement) {
      const plans: Plan[] = [{ kind: "custom", text: await run(`explain ${statement.query}`, statement.params) }];
      if (!statement.query.includes(planEachTimeMark)) {
        await run(`prepare cardmail_plan_check as ${statement.query}`);
        try {
          const args = statement.params.length ? `(${statement.params.map(literal).join(", ")})` : "";
          plans.push({ kind: "generic", text: await run(`explain execute cardmail_plan_check${args}`) });
        } finally {
          await run("deallocate cardmail_plan_check");
        }
      }
      return plans;
    },
    async close() {
      await run("reset plan_cache_mode").finally(() => connection.release());
    },
  };
}

export type PlanCheck = {
  server: string;
  text: string;
  reads: { name: string; request: string; statements: number; plans: number; holds: boolean }[];
  failures: string[];
};

const indent = (text: string, by: string) => text.replace(/^/gm, by);

/**
 * Runs each read through a recording database, EXPLAINs every statement it sent and checks the
 * plans: no sequential scan of contacts anywhere, and each read's expected indexes.
 */
export async function checkQueryPlans(handle: DbHandle, book: PlanBook, server: string): Promise<PlanCheck> {
  const { issueToken } = await import("@/lib/auth/tokens");
  const { token } = await issueToken(handle.db, book.ctx.user.id, "bench-plans");
  const reads = await planReads(book, token);
  const recording = await recordingDatabase(handle);
  const explain = await explainer(handle);
  const check: PlanCheck = { server, text: "", reads: [], failures: [] };
  const out: string[] = [];
  try {
    for (const read of reads) {
      recording.take();
      await read.run(recording.db);
      const statements = recording.take();
      const explained: { statement: Recorded; plans: Plan[] }[] = [];
      for (const statement of statements) explained.push({ statement, plans: await explain.plans(statement) });

      const failures: string[] = [];
      const where = `${server} ${read.name} (${read.request})`;
      const show = (index: number) => {
        const { statement, plans } = explained[index]!;
        const params = statement.params.length ? `\n    params: ${describeParams(statement.params)}` : "";
        return `  [${index + 1}/${explained.length}] ${compact(statement.query)}${params}\n${plans.map((p) => `    ${p.kind} plan:\n${indent(p.text, "      ")}`).join("\n")}`;
      };
      if (statements.length === 0) failures.push(`${where}: sent no statement (served from a cache?), so its plans were not checked.`);
      explained.forEach(({ plans }, index) => {
        const scanning = plans.filter((p) => SEQ_SCAN_ON_CONTACTS.test(p.text)).map((p) => p.kind);
        if (scanning.length) failures.push(`${where}: statement ${index + 1} of ${explained.length} scans the contacts table sequentially (${scanning.join(" and ")} plan):\n${show(index)}`);
      });
      for (const expected of read.expect) {
        if (!explained.some(({ plans }) => plans.every((p) => expected.pattern.test(p.text)))) {
          failures.push(`${where}: no statement is planned through ${expected.label} (${expected.pattern}); its statements:\n${explained.map((_, i) => show(i)).join("\n")}`);
        }
      }

      const plans = explained.reduce((n, e) => n + e.plans.length, 0);
      const checks = ["no Seq Scan on contacts", ...read.expect.map((e) => e.label)].join("; ");
      out.push(`-- ${read.name}: ${read.request}\n   ${statements.length} statements, ${plans} plans; ${failures.length ? "FAILS" : "holds"}: ${checks}`);
      out.push(...explained.map((_, i) => show(i)));
      check.reads.push({ name: read.name, request: read.request, statements: statements.length, plans, holds: failures.length === 0 });
      check.failures.push(...failures);
    }
  } finally {
    await explain.close();
  }
  check.text = out.join("\n");
  return check;
}

/** The plans file: every server checked so far. */
export function planReport(checks: PlanCheck[]): string {
  return `${checks.map((c) => `=== ${c.server}\n${c.text}`).join("\n\n")}\n`;
}

/** Stops the benchmark when a plan regressed, naming each read and statement and showing its plan. */
export function assertPlans(check: PlanCheck): void {
  if (check.failures.length === 0) return;
  throw new Error(`Query plans regressed on ${check.server} (${check.failures.length}):\n\n${check.failures.join("\n\n")}`);
}
