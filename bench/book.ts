// The book: the catalog, the accounts, 100,000 contacts through addRecipients, and what the scenarios read.
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { BATCH, log, PASSWORD, type Ctx, type Database } from "./config";
import { contactAt, resyncOf, type Recipient } from "./data";
import { addBookGroup } from "./plans";

/** The book through addRecipients, onto "Address book import" projects as full as a project may be. */
async function seedBook(ctx: Ctx, cardId: number, count: number, label: string): Promise<number> {
  const { addRecipients } = await import("@/lib/projects/recipients");
  const { addRecipientsSchema } = await import("@/lib/projects/schema");
  const { createProject } = await import("@/lib/projects/service");
  const { QUOTAS } = await import("@/lib/quotas");
  const perProject = Math.floor(QUOTAS.recipientsPerProject / BATCH) * BATCH;
  const started = performance.now();
  let projectId = "";
  for (let from = 0; from < count; from += BATCH) {
    if (from % perProject === 0) projectId = (await createProject(ctx, { card_id: cardId, name: `Address book import ${from / perProject + 1}` })).id;
    const recipients: Recipient[] = [];
    for (let i = from; i < Math.min(count, from + BATCH); i++) recipients.push(contactAt(i));
    await addRecipients(ctx, projectId, addRecipientsSchema.parse({ recipients }));
    const done = Math.min(count, from + BATCH);
    if (done % 10_000 === 0 || done === count) {
      log(`  ${label}: ${done.toLocaleString("en-US")} contacts in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  }
  return (performance.now() - started) / 1000;
}

/** 1,000 recipients a partner would send: `existing` contacts of the book again, the rest new. */
export function recipientsBatch(existingFrom: number, existing: number, newFrom: number, total = BATCH): Recipient[] {
  const out: Recipient[] = [];
  for (let i = existingFrom; out.length < existing; i++) {
    const again = resyncOf(i);
    if (again) out.push(again);
  }
  for (let i = newFrom; out.length < total; i++) out.push(contactAt(i));
  return out;
}

export type Prepared = {
  ctx: Ctx;
  adminCtx: Ctx;
  email: string;
  cardId: number;
  occasionId: number;
  categoryId: number;
  deepCursor: string;
  deepPosition: number;
  contactCount: number;
  terms: { surname: string; email: string; phone: string };
  orderId: number;
  groupId: number;
};

async function createAccounts(db: Database, label: string): Promise<{ ctx: Ctx; adminCtx: Ctx; email: string }> {
  const { users } = await import("@/db/schema");
  const { hashPassword } = await import("@/lib/auth/password");
  const { grantCredit } = await import("@/lib/credit/service");
  const passwordHash = await hashPassword(PASSWORD);
  const email = `bench-${label}@example.com`;
  const [admin] = await db.insert(users).values({ email: `bench-admin-${label}@example.com`, username: "bench-admin", passwordHash, accountType: 3 }).returning();
  const [user] = await db.insert(users).values({ email, username: "bench-business", passwordHash, accountType: 2 }).returning();
  const adminCtx = { db, user: { id: admin!.id, accountType: admin!.accountType } };
  // Every checkout of the run, with room to spare.
  await grantCredit(adminCtx, user!.id, 90_000_000, "Benchmark credit");
  return { ctx: { db, user: { id: user!.id, accountType: user!.accountType } }, adminCtx, email };
}

/** Catalog, accounts, the book, and what the scenarios read: the search terms, the deep cursor, an order. */
export async function prepareBook(db: Database, label: string, count: number): Promise<Prepared & { seedSeconds: number }> {
  const { execute } = await import("@/db/client");
  const { seedCatalog } = await import("@/db/seed");
  const { createProject } = await import("@/lib/projects/service");
  const { checkoutProject } = await import("@/lib/orders/service");
  const { addRecipients } = await import("@/lib/projects/recipients");
  const { addRecipientsSchema } = await import("@/lib/projects/schema");
  const { encodeCursor } = await import("@/lib/cursor");

  await seedCatalog(db);
  const { ctx, adminCtx, email } = await createAccounts(db, label);
  // The catalog filter with the most cards, so cards-filtered returns a real page.
  const [pair] = await execute<{ occasion_id: number; category_id: number; card_id: number }>(
    db,
    sql`select o.occasion_id, c.category_id, min(o.card_id) as card_id
        from card_occasions o join card_categories c on c.card_id = o.card_id join cards k on k.id = o.card_id and k.is_active
        group by o.occasion_id, c.category_id order by count(*) desc, o.occasion_id, c.category_id limit 1`,
  );
  if (!pair) throw new Error("The catalog has no card with both an occasion and a category.");
  const cardId = Number(pair.card_id);

  const seedSeconds = await seedBook(ctx, cardId, count, label);

  // An order of 1,000 pieces to track: 1,000 contacts of the book sent again, checked out.
  const trackProject = await createProject(ctx, { card_id: cardId, name: "Tracked order" });
  await addRecipients(ctx, trackProject.id, addRecipientsSchema.parse({ recipients: recipientsBatch(0, BATCH, 0) }));
  const order = await checkoutProject(ctx, trackProject.id);
  const groupId = await addBookGroup(ctx);

  await db.execute(sql`vacuum analyze`);

  const [{ n }] = (await execute<{ n: number }>(db, sql`select count(*)::int as n from contacts where user_id = ${ctx.user.id}`)) as [{ n: number }];
  const deepPosition = Math.floor(Number(n) * 0.9);
  const [boundary] = await execute<{ last_name: string; first_name: string; id: string }>(
    db,
    sql`select last_name, first_name, id from contacts where user_id = ${ctx.user.id}
        order by last_name, first_name, id offset ${deepPosition - 1} limit 1`,
  );
  const deepCursor = encodeCursor(ctx, "contacts", { d: "next", l: boundary!.last_name, f: boundary!.first_name, id: boundary!.id });

  const middle = contactAt(Math.floor(count / 2));
  let emailTerm = middle.email;
  let phoneTerm: string | undefined;
  for (let i = Math.floor(count / 2); (!emailTerm || !phoneTerm) && i < count; i++) {
    const contact = contactAt(i);
    emailTerm ??= contact.email ?? undefined;
    // Typed the way people type it, not the way it is stored: "(312) 845-0123" searched as "312-845-0123".
    if (!phoneTerm && contact.phone) phoneTerm = contact.phone.replace(/[()]/g, "").replace(" ", "-");
  }
  return {
    ctx,
    adminCtx,
    email,
    cardId,
    occasionId: Number(pair.occasion_id),
    categoryId: Number(pair.category_id),
    deepCursor,
    deepPosition,
    contactCount: Number(n),
    terms: { surname: "Nguyen", email: emailTerm!, phone: phoneTerm! },
    orderId: order.orderId,
    groupId,
    seedSeconds,
  };
}
