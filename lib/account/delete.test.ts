import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { execute, getDb } from "@/db/client";
import {
  addressRequests,
  addressSubmissions,
  calendarFeeds,
  contacts,
  creditLedger,
  groupContacts,
  groups,
  idempotencyKeys,
  orderRecipients,
  orders,
  orderStatusEvents,
  projects,
  users,
  webhookEndpoints,
} from "@/db/schema";
import { createAutomationSchema } from "@/lib/automations/schema";
import { createAutomation } from "@/lib/automations/service";
import { checkCredentials, MAX_FAILED_LOGINS_PER_ADDRESS, signUp } from "@/lib/auth/login";
import { findSessionUser } from "@/lib/auth/session-user";
import type { ServiceContext } from "@/lib/context";
import { AppError } from "@/lib/errors";
import { cancelOrder } from "@/lib/orders/cancel";
import { startJobRunner } from "@/lib/jobs/runner";
import { checkoutProject } from "@/lib/orders/service";
import { parseInput } from "@/lib/validation";
import { api, createUser, type TestUser } from "@/test/api";
import { addRecipients, createCard, createProject, createReadyProject } from "@/test/order-fixtures";
import { ACCOUNT_TABLES, DELETED_ACCOUNT_NAME, DELETED_PROJECT_NAME, DELETED_RECIPIENT_NAME, deleteAccount } from "./delete";
import { deleteAccountSchema } from "./schema";
import { updateReturnAddress } from "./return-address";

beforeAll(async () => {
  // pg-boss's schema and queues, as a server's start makes them: a checkout enqueues webhook deliveries.
  const runner = await startJobRunner({ db: await getDb(), fulfilmentStepSeconds: 0, webhooks: false });
  await runner.stop();
});

const IP = "192.0.2.39";

const ctxOf = (user: TestUser, accountType = 1): ServiceContext => ({ db: user.db, user: { id: user.id, accountType } });

/** Rows of the user in every table that deletion empties, by table. */
async function leftoverRows(user: TestUser): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ACCOUNT_TABLES.deleted) {
    const [row] = await execute<{ n: number }>(user.db, sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${user.id}::int`);
    counts[table] = Number(row!.n);
  }
  return counts;
}

const failureOf = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error as AppError);

/** Pieces that have been mailed, as the fulfilment would leave them, with a note on each step. */
async function markMailed(user: TestUser, orderId: number) {
  await user.db.update(orderRecipients).set({ status: "mailed" }).where(eq(orderRecipients.orderId, orderId));
  const pieces = await user.db.select({ id: orderRecipients.id }).from(orderRecipients).where(eq(orderRecipients.orderId, orderId));
  await user.db.insert(orderStatusEvents).values(pieces.map((piece) => ({ orderRecipientId: piece.id, status: "mailed", note: "Left with Ada Lovelace's neighbour" })));
}

/** An account with something in every table an account fills: an address book, a mailed order, an automation, a webhook... */
async function busyAccount() {
  const user = await createUser({ creditCents: 5_000 });
  const ctx = ctxOf(user);
  await updateReturnAddress(ctx, { first_name: "Grace", last_name: "Hopper", address: "1 Navy Way", city: "Arlington", state: "VA", zip: "22201", country: "US" });
  await user.db.insert(webhookEndpoints).values({ userId: user.id, url: "https://hooks.example.com/cardmail", events: ["order.created"], secret: "whsec_test" });

  const ordered = await createReadyProject(user.id, { recipients: [{ firstName: "Ada", lastName: "Lovelace", company: "Engines Ltd", apt: "2B", state: "NY", country: "US" }, {}] });
  const checkout = await checkoutProject(ctx, ordered.project.id);
  await markMailed(user, checkout.orderId);

  const card = await createCard();
  const draft = await createProject(user.id, { cardId: card.id, name: "Draft for Ada" });
  const [onDraft] = await addRecipients(user.id, draft.id, 1);
  const [group] = await user.db.insert(groups).values({ userId: user.id, name: "Family" }).returning();
  await user.db.insert(groupContacts).values({ groupId: group!.id, contactId: onDraft!.contact.id, userId: user.id });
  await createAutomation(ctx, parseInput(createAutomationSchema, { name: "Birthdays", card_id: card.id, events: ["birthday"], message: "Happy birthday, {first_name}!" }));
  await user.db.insert(calendarFeeds).values({ userId: user.id, secretHash: `hash-${user.id}` });
  await user.db.insert(idempotencyKeys).values({ userId: user.id, key: "k1", method: "POST", path: "/api/v1/contacts", requestHash: "h", responseStatus: 201 });
  const [link] = await user.db.insert(addressRequests).values({ userId: user.id, secretHash: `link-${user.id}`, sealedSecret: "sealed" }).returning();
  const friend = { first_name: "Ada", last_name: "Byron", address: "1 Main St", city: "Atlanta", state: "GA", zip: "30301" };
  await user.db.insert(addressSubmissions).values({ requestId: link!.id, userId: user.id, payload: friend, clientHash: "client" });
  return { user, ctx, orderId: checkout.orderId, orderedProjectId: ordered.project.id, draftProjectId: draft.id };
}

describe("deleting an account", () => {
  it("removes what the user made, keeps the orders without a name or address, and ends every way in", async () => {
    const { user, ctx, orderId, orderedProjectId, draftProjectId } = await busyAccount();
    const bystander = await createUser();
    const [theirs] = await addRecipients(bystander.id, (await createReadyProject(bystander.id, { recipients: 0 })).project.id, 1);
    const before = await leftoverRows(user);
    // Every kind of row is there to begin with, so that "none left" below proves something.
    for (const table of ["contacts", "groups", "group_contacts", "automations", "api_tokens", "webhook_endpoints", "webhook_events", "calendar_feeds", "idempotency_keys", "project_recipients", "address_requests", "address_submissions"]) {
      expect(before[table], table).toBeGreaterThan(0);
    }
    const [{ sessionVersion } = { sessionVersion: -1 }] = await user.db.select({ sessionVersion: users.sessionVersion }).from(users).where(eq(users.id, user.id));

    // Typed with other capitals and stray spaces, as people do.
    await deleteAccount(ctx, { email: `  ${user.email.toUpperCase()} `, current_password: user.password }, IP);

    expect(Object.entries(await leftoverRows(user)).filter(([, n]) => n > 0)).toEqual([]);

    const [account] = await user.db.select().from(users).where(eq(users.id, user.id));
    expect(account).toMatchObject({ username: DELETED_ACCOUNT_NAME, email: `deleted-${user.id}@deleted.invalid`, isActive: false, creditCents: 0, profile: {}, shipping: null, timeZone: "UTC" });
    expect(account!.deletedAt).toBeInstanceOf(Date);

    // The order stays for the books: amounts and statuses, the state and country, nothing that names anyone.
    const [order] = await user.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ userId: user.id, totalCents: 2 * 399 });
    const pieces = await user.db.select().from(orderRecipients).where(eq(orderRecipients.orderId, orderId));
    expect(pieces).toHaveLength(2);
    for (const piece of pieces) {
      expect(piece).toMatchObject({ name: DELETED_RECIPIENT_NAME, company: null, address: null, apt: null, city: null, zip: null, internalId: null, message: "", contactId: null, status: "mailed", priceCents: 399, state: "NY", country: "US" });
    }
    const notes = await user.db
      .select({ note: orderStatusEvents.note })
      .from(orderStatusEvents)
      .innerJoin(orderRecipients, eq(orderRecipients.id, orderStatusEvents.orderRecipientId))
      .where(eq(orderRecipients.orderId, orderId));
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.every((row) => row.note === null)).toBe(true);

    const remainingProjects = await user.db.select().from(projects).where(eq(projects.userId, user.id));
    expect(remainingProjects.map((p) => [p.id, p.name, p.automationMessage, p.automationSignoff])).toEqual([[orderedProjectId, DELETED_PROJECT_NAME, "", ""]]);
    expect(remainingProjects.some((p) => p.id === draftProjectId)).toBe(false);

    // The remaining credit is closed by a ledger row; the order's row is still there.
    const ledger = await user.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id)).orderBy(creditLedger.id);
    expect(ledger.at(-1)).toMatchObject({ kind: "adjustment", amountCents: -(5_000 - 2 * 399), balanceAfterCents: 0 });
    expect(ledger.some((entry) => entry.kind === "order" && entry.orderId === orderId)).toBe(true);

    // No token, no session, no password opens it any more; the email is free for a new account.
    expect((await api.get("/account", { token: user.token })).status).toBe(401);
    expect(await findSessionUser(user.db, { id: user.id, sessionVersion })).toBeUndefined();
    expect(await findSessionUser(user.db, { id: user.id, sessionVersion: sessionVersion + 1 })).toBeUndefined();
    await expect(checkCredentials(user.db, user.email, user.password, "192.0.2.40")).rejects.toMatchObject({ code: "unauthenticated" });
    const again = await signUp(user.db, { username: "Back again", email: user.email, password: "a-fresh-start-here" }, "192.0.2.41");
    expect(again.id).not.toBe(user.id);

    // Another account is untouched.
    expect(await user.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, theirs!.contact.id))).toHaveLength(1);
    expect((await api.get("/account", { token: bystander.token })).status).toBe(200);
  });

  it("needs the account's own email typed to confirm, and changes nothing otherwise", async () => {
    const { user, ctx } = await busyAccount();
    const before = await leftoverRows(user);
    for (const email of ["", "someone-else@example.com", user.email.replace("@", "@x")]) {
      const error = await failureOf(deleteAccount(ctx, { email, current_password: user.password }, IP));
      expect(error).toBeInstanceOf(AppError);
      expect(error!.details.errors).toEqual({ email: ["Type your email address exactly as it is shown to confirm."] });
    }
    expect(await leftoverRows(user)).toEqual(before);
    expect((await api.get("/account", { token: user.token })).status).toBe(200);
  });

  it("needs the account's password too: the email alone, from a session left open, deletes nothing", async () => {
    const { user, ctx } = await busyAccount();
    const before = await leftoverRows(user);
    const error = await failureOf(deleteAccount(ctx, { email: user.email, current_password: "not-the-password" }, "192.0.2.42"));
    expect(error).toBeInstanceOf(AppError);
    expect(error!.details.errors).toEqual({ current_password: ["The password is incorrect."] });
    expect(await leftoverRows(user)).toEqual(before);
    expect((await api.get("/account", { token: user.token })).status).toBe(200);
    const [account] = await user.db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, user.id));
    expect(account!.deletedAt).toBeNull();

    // Guessed like a sign-in: the wrong passwords count, and past the limit even the right one waits.
    for (let i = 1; i < MAX_FAILED_LOGINS_PER_ADDRESS; i++) {
      expect((await failureOf(deleteAccount(ctx, { email: user.email, current_password: `guess-${i}` }, "192.0.2.42")))?.code).toBe("validation");
    }
    expect((await failureOf(deleteAccount(ctx, { email: user.email, current_password: user.password }, "192.0.2.42")))?.code).toBe("too_many_requests");
    expect(await leftoverRows(user)).toEqual(before);

    // The form's schema asks for it as well.
    expect(deleteAccountSchema.safeParse({ email: user.email }).success).toBe(false);
    expect(deleteAccountSchema.safeParse({ email: user.email, current_password: "" }).success).toBe(false);
  });

  it("waits for cards not yet mailed: pending ones are cancelled first, then the account goes", async () => {
    const user = await createUser({ creditCents: 2_000 });
    const ctx = ctxOf(user);
    const { project } = await createReadyProject(user.id, { recipients: 3 });
    const { orderId } = await checkoutProject(ctx, project.id);

    const refused = await failureOf(deleteAccount(ctx, { email: user.email, current_password: user.password }, IP));
    expect(refused?.code).toBe("validation");
    expect(refused?.message).toBe("3 cards have not been mailed yet. Cancel the pending ones on their order page, or wait until they are mailed, then delete your account.");
    const pieces = await user.db.select().from(orderRecipients).where(eq(orderRecipients.orderId, orderId));
    expect(pieces.every((piece) => piece.name !== DELETED_RECIPIENT_NAME && piece.address !== null)).toBe(true);

    await cancelOrder(ctx, orderId);
    await deleteAccount(ctx, { email: user.email, current_password: user.password }, IP);
    const [account] = await user.db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, user.id));
    expect(account!.deletedAt).not.toBeNull();
    // The cancelled pieces were refunded before the remaining credit was closed.
    const [closing] = await user.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, user.id), eq(creditLedger.kind, "adjustment")));
    expect(closing).toMatchObject({ amountCents: -2_000, balanceAfterCents: 0 });
  });

  it("is refused for an administrator, and for an account already deleted", async () => {
    const admin = await createUser({ accountType: 3 });
    const refused = await failureOf(deleteAccount(ctxOf(admin, 3), { email: admin.email, current_password: admin.password }, IP));
    expect(refused).toMatchObject({ code: "forbidden", message: "An administrator account cannot be deleted here." });

    const user = await createUser();
    await deleteAccount(ctxOf(user), { email: user.email, current_password: user.password }, IP);
    expect(await failureOf(deleteAccount(ctxOf(user), { email: `deleted-${user.id}@deleted.invalid`, current_password: user.password }, IP))).toMatchObject({ code: "not_found" });
  });

  it("knows what it does to every table that holds an account's rows", async () => {
    const user = await createUser();
    const tables = await execute<{ table_name: string }>(
      user.db,
      sql`select distinct table_name from information_schema.columns where table_schema = 'public' and column_name = 'user_id' order by table_name`,
    );
    const known = new Set<string>([...ACCOUNT_TABLES.deleted, ...ACCOUNT_TABLES.anonymised, ...ACCOUNT_TABLES.kept]);
    // A new table with a user_id column must say here (lib/account/delete.ts) whether deleting an account empties it.
    expect(tables.map((row) => row.table_name).filter((table) => !known.has(table))).toEqual([]);
  });
});
