import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { execute, getDb } from "@/db/client";
import { accountTokens, mailRequests, mails, users } from "@/db/schema";
import { pendingEmailChange, requestEmailChange } from "@/lib/account/email-change";
import { startJobRunner } from "@/lib/jobs/runner";
import { createUser, type TestUser } from "@/test/api";
import { ACCOUNT_MAILS_PER_ADDRESS, ACCOUNT_MAILS_PER_RECIPIENT } from "./mail-limits";
import { passwordResetJob } from "./jobs/password-reset-mail";
import { requestPasswordReset } from "./password-reset";

beforeAll(async () => {
  // pg-boss's schema and queues, as a server's start makes them: a reset request enqueues its job.
  const runner = await startJobRunner({ db: await getDb(), fulfilmentStepSeconds: 0, webhooks: false });
  await runner.stop();
});

/** The reset jobs queued for these emails. */
async function resetJobsFor(emails: string[]): Promise<number> {
  const db = await getDb();
  const [row] = await execute<{ n: number }>(
    db,
    sql`select count(*)::int as n from pgboss.job
        where name = ${passwordResetJob.name} and data->>'email' in (${sql.join(
          emails.map((email) => sql`${email.toLowerCase()}`),
          sql`, `,
        )})`,
  );
  return Number(row!.n);
}

const mailsTo = async (email: string) => (await getDb()).select().from(mails).where(eq(mails.to, email.toLowerCase()));

const ctxOf = (user: TestUser) => ({ db: user.db, user: { id: user.id, accountType: 1 } });

let sequence = 0;
const madeUp = () => `made-up-${++sequence}-${Math.random().toString(36).slice(2, 8)}@example.com`;

describe("forgotten-password requests", () => {
  it("queue at most 5 jobs an hour from one client address, for made-up emails sent at once, and answer the rest the same", async () => {
    const db = await getDb();
    const emails = Array.from({ length: 20 }, madeUp);
    const answers = await Promise.all(emails.map((email) => requestPasswordReset(db, { email }, "198.51.100.80")));
    expect(answers).toEqual(Array(20).fill(undefined));
    expect(await resetJobsFor(emails)).toBe(ACCOUNT_MAILS_PER_ADDRESS);
    // Another address is not held back by this one.
    const elsewhere = madeUp();
    await requestPasswordReset(db, { email: elsewhere }, "198.51.100.81");
    expect(await resetJobsFor([elsewhere])).toBe(1);
  });

  it("queue at most 3 jobs an hour for one email, from any addresses", async () => {
    const db = await getDb();
    const user = await createUser();
    for (let i = 0; i < 6; i++) await expect(requestPasswordReset(db, { email: user.email }, `198.51.100.${90 + i}`)).resolves.toBeUndefined();
    expect(await resetJobsFor([user.email])).toBe(ACCOUNT_MAILS_PER_RECIPIENT);
    // A made-up email is limited the same way, so the limit tells nothing about which emails have an account.
    const nobody = madeUp();
    for (let i = 0; i < 6; i++) await requestPasswordReset(db, { email: nobody }, `198.51.100.${100 + i}`);
    expect(await resetJobsFor([nobody])).toBe(ACCOUNT_MAILS_PER_RECIPIENT);
    // What is kept of the recipient is not the email.
    const kept = await db.select().from(mailRequests);
    expect(JSON.stringify(kept)).not.toContain(user.email.toLowerCase());
  });
});

describe("email change requests", () => {
  it("mail a third party's address at most 3 times an hour, and answer every request the same", async () => {
    const asker = await createUser();
    const target = madeUp();
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await requestEmailChange(ctxOf(asker), { new_email: target, current_password: asker.password }, `198.51.100.${110 + i}`));
    for (const answer of answers) expect(answer).toMatchObject({ email: target });
    expect(await mailsTo(target)).toHaveLength(ACCOUNT_MAILS_PER_RECIPIENT);
    expect((await pendingEmailChange(ctxOf(asker)))?.email).toBe(target);
  });

  it("count with the forgotten-password requests of the same client address: 5 mails an hour in all", async () => {
    const db = await getDb();
    const asker = await createUser();
    const targets = Array.from({ length: 4 }, madeUp);
    const resets = Array.from({ length: 4 }, madeUp);
    for (const email of resets) await requestPasswordReset(db, { email }, "198.51.100.120");
    for (const target of targets) await requestEmailChange(ctxOf(asker), { new_email: target, current_password: asker.password }, "198.51.100.120");
    const changeMails = (await Promise.all(targets.map(mailsTo))).flat();
    expect((await resetJobsFor(resets)) + changeMails.length).toBe(ACCOUNT_MAILS_PER_ADDRESS);
  });

  it("answer the same for an email another account has: its owner is told instead, and no link is mailed", async () => {
    const db = await getDb();
    const asker = await createUser();
    const owner = await createUser();
    const free = madeUp();

    const toFree = await requestEmailChange(ctxOf(asker), { new_email: free, current_password: asker.password }, "198.51.100.130");
    const toTaken = await requestEmailChange(ctxOf(asker), { new_email: owner.email.toUpperCase(), current_password: asker.password }, "198.51.100.130");
    expect(Object.keys(toTaken)).toEqual(Object.keys(toFree));
    expect(toTaken.email).toBe(owner.email.toLowerCase());
    expect((await pendingEmailChange(ctxOf(asker)))?.email).toBe(owner.email.toLowerCase());

    const [notice, ...others] = await mailsTo(owner.email);
    expect(others).toEqual([]);
    expect(notice).toMatchObject({ userId: owner.id, subject: "Someone tried to use your email on Cardmail" });
    expect(notice!.text).toContain(`someone asked to make ${owner.email.toLowerCase()} the email of another Cardmail account`);
    expect(notice!.text).not.toContain("/confirm-email");
    expect(notice!.text).toContain("/forgot-password");

    // The change recorded for the taken email can never be confirmed: its link was never mailed.
    const recorded = await db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, asker.id), inArray(accountTokens.newEmail, [owner.email.toLowerCase()])));
    expect(recorded).toHaveLength(1);
    const [stillOwner] = await db.select({ email: users.email }).from(users).where(eq(users.id, owner.id));
    expect(stillOwner!.email).toBe(owner.email);
  });

  it("tell an email's owner no more than 3 times an hour either", async () => {
    const asker = await createUser();
    const owner = await createUser();
    for (let i = 0; i < 6; i++) await requestEmailChange(ctxOf(asker), { new_email: owner.email, current_password: asker.password }, `198.51.100.${140 + i}`);
    expect(await mailsTo(owner.email)).toHaveLength(ACCOUNT_MAILS_PER_RECIPIENT);
  });
});
