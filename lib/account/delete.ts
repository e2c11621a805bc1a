import "server-only";
import crypto from "node:crypto";
import { and, eq, inArray, notExists, sql } from "drizzle-orm";
import {
  accountTokens,
  addressRequests,
  apiTokens,
  automations,
  calendarFeeds,
  contacts,
  groups,
  idempotencyKeys,
  loginAttempts,
  mails,
  orderRecipients,
  orderStatusEvents,
  projectRecipients,
  projects,
  signInAddresses,
  users,
  webhookEndpoints,
  webhookEvents,
} from "@/db/schema";
import { throttledPasswordCheck } from "@/lib/auth/login";
import { hashPassword } from "@/lib/auth/password";
import type { ServiceContext } from "@/lib/context";
import { closeCredit } from "@/lib/credit/ledger";
import { AppError, fieldError, notFound } from "@/lib/errors";
import { DEFAULT_TIME_ZONE } from "@/lib/time-zone";
import type { DeleteAccountInput } from "./schema";

/*
 * Deleting an account. What the user made goes: contacts (with their children, pets, group
 * memberships and project places), groups, projects nothing was ordered from, automations and
 * their runs, API tokens, webhook endpoints with their events and deliveries, the calendar
 * feed, the links asking friends for their address with what was sent through them,
 * idempotency records, failed sign-in records of the email, and every session.
 *
 * What the books need stays, with nothing left that names a person:
 * - the users row, emptied: no name, email, password, return or shipping address; marked
 *   deleted and inactive, so nobody signs in to it and the email is free for a new account;
 * - orders and their pieces: amounts, prices, statuses, their dates and the status history;
 *   a piece keeps only the state and country it went to (the region taxes are counted in),
 *   never a name, company, street, city, ZIP code, its own message or a status note;
 * - projects that were ordered from, as "Deleted project" with their card (what was sold) and
 *   without their message;
 * - the credit ledger, closed by an adjustment that takes the remaining credit to zero, and
 *   Stripe payments applied (session ids and amounts).
 */

/** Every table with a user_id column, and what deleting an account does to its rows. */
export const ACCOUNT_TABLES = {
  deleted: [
    "account_tokens",
    // The links asking friends for their address, with what was sent through them.
    "address_requests",
    "address_submissions",
    "api_tokens",
    "automations",
    "automation_runs",
    "automation_sends",
    "calendar_feeds",
    "contacts",
    "contact_children",
    "contact_pets",
    "groups",
    "group_contacts",
    "idempotency_keys",
    // The mails written to the account (receipts, reminders, links): they name the people it wrote to.
    "mails",
    "project_recipients",
    // The addresses it signed in from (kept hashed, for the login limits).
    "sign_in_addresses",
    "webhook_endpoints",
    "webhook_events",
    "webhook_deliveries",
    "webhook_attempts",
  ],
  anonymised: ["order_recipients", "projects"],
  kept: ["orders", "credit_ledger", "applied_checkout_sessions", "contact_book_versions"],
} as const;

export const DELETED_ACCOUNT_NAME = "Deleted account";
export const DELETED_PROJECT_NAME = "Deleted project";
export const DELETED_RECIPIENT_NAME = "Deleted recipient";

const deletedEmail = (userId: number) => `deleted-${userId}@deleted.invalid`;

const TYPE_YOUR_EMAIL = "Type your email address exactly as it is shown to confirm.";

/** What the confirmation must type: the account's email, whatever its case or surrounding spaces. */
const sameEmail = (typed: string, email: string) => typed.trim().toLowerCase() === email.trim().toLowerCase();

/**
 * Deletes the signed-in account (see above for what goes and what stays), in one transaction:
 * a failure anywhere leaves the account as it was. It takes the account's email typed again and
 * its current password, checked under the login throttling (`ip` is the client's address), so a
 * session left open is not enough. The account row is locked first, so a checkout or automation
 * run of the same account waits and then finds nothing to send.
 * Refused for administrators, and while cards are pending or in production (their addresses
 * are still needed to mail them: cancel the pending ones or wait until they are mailed).
 */
export async function deleteAccount(ctx: ServiceContext, input: DeleteAccountInput, ip: string): Promise<void> {
  const userId = ctx.user.id;
  const [current] = await ctx.db.select({ email: users.email, deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId)).limit(1);
  if (!current || current.deletedAt) throw notFound("Account not found");
  if (!sameEmail(input.email, current.email)) throw fieldError("email", TYPE_YOUR_EMAIL);
  const owner = await throttledPasswordCheck(ctx.db, current.email, input.current_password, ip);
  if (owner?.id !== userId) throw fieldError("current_password", "The password is incorrect.");
  // Hashed before the transaction: slow on purpose, and the locks should not wait for it.
  const unusablePasswordHash = await hashPassword(crypto.randomBytes(32).toString("base64url"));

  await ctx.db.transaction(async (tx) => {
    const [account] = await tx
      .select({ email: users.email, accountType: users.accountType, creditCents: users.creditCents, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!account || account.deletedAt) throw notFound("Account not found");
    // The email changed since the password was checked (a confirmation link opened meanwhile): ask again.
    if (!sameEmail(input.email, account.email)) throw fieldError("email", TYPE_YOUR_EMAIL);
    if (account.accountType === 3) throw new AppError("forbidden", "An administrator account cannot be deleted here.");

    const [inFlight] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(orderRecipients)
      .where(and(eq(orderRecipients.userId, userId), inArray(orderRecipients.status, ["pending", "in_production"])));
    const unmailed = Number(inFlight?.count ?? 0);
    if (unmailed > 0) {
      throw new AppError(
        "validation",
        `${unmailed === 1 ? "1 card has" : `${unmailed} cards have`} not been mailed yet. Cancel the pending ones on their order page, or wait until they are mailed, then delete your account.`,
      );
    }

    // Automations first: each holds its project, which is deleted or emptied below.
    await tx.delete(automations).where(eq(automations.userId, userId));
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
    await tx.delete(webhookEvents).where(eq(webhookEvents.userId, userId));
    await tx.delete(apiTokens).where(eq(apiTokens.userId, userId));
    await tx.delete(accountTokens).where(eq(accountTokens.userId, userId));
    await tx.delete(mails).where(eq(mails.userId, userId));
    await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
    await tx.delete(addressRequests).where(eq(addressRequests.userId, userId));
    await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
    await tx.delete(groups).where(eq(groups.userId, userId));
    await tx.delete(projectRecipients).where(eq(projectRecipients.userId, userId));
    await tx.delete(contacts).where(eq(contacts.userId, userId));
    await tx
      .delete(projects)
      .where(
        and(
          eq(projects.userId, userId),
          notExists(tx.select({ one: sql`1` }).from(orderRecipients).where(eq(orderRecipients.projectId, projects.id))),
        ),
      );
    await tx
      .update(projects)
      .set({ name: DELETED_PROJECT_NAME, automationMessage: "", automationSignoff: "", updatedAt: sql`now()` })
      .where(eq(projects.userId, userId));

    await tx
      .update(orderRecipients)
      .set({
        name: DELETED_RECIPIENT_NAME,
        company: null,
        address: null,
        apt: null,
        city: null,
        zip: null,
        internalId: null,
        message: "",
      })
      .where(eq(orderRecipients.userId, userId));
    await tx
      .update(orderStatusEvents)
      .set({ note: null })
      .where(inArray(orderStatusEvents.orderRecipientId, tx.select({ id: orderRecipients.id }).from(orderRecipients).where(eq(orderRecipients.userId, userId))));

    await tx.delete(loginAttempts).where(eq(loginAttempts.email, account.email.toLowerCase()));
    await tx.delete(signInAddresses).where(eq(signInAddresses.userId, userId));

    if (account.creditCents > 0) {
      await closeCredit(tx, { userId, note: "Account deleted: the remaining credit was closed.", createdBy: userId });
    }

    await tx
      .update(users)
      .set({
        email: deletedEmail(userId),
        username: DELETED_ACCOUNT_NAME,
        passwordHash: unusablePasswordHash,
        profile: {},
        shipping: null,
        isActive: false,
        timeZone: DEFAULT_TIME_ZONE,
        sessionVersion: sql`${users.sessionVersion} + 1`,
        deletedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
  });
}
