import { and, eq, sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { execute, getDb } from "@/db/client";
import { accountTokens, automationRuns, mails, orderRecipients, users } from "@/db/schema";
import { confirmEmailChange, peekAccountTakeBack, requestEmailChange, TAKE_BACK_LINK_INVALID, takeBackAccount } from "@/lib/account/email-change";
import { listMails, getMail } from "@/lib/admin/mail";
import { runDueAutomations } from "@/lib/automations/scheduler";
import { hashLinkSecret } from "@/lib/auth/account-tokens";
import { checkCredentials } from "@/lib/auth/login";
import { authenticateToken, issueToken } from "@/lib/auth/tokens";
import { ACCOUNT_MAILS_PER_RECIPIENT } from "@/lib/auth/mail-limits";
import { passwordResetJob, type PasswordResetJobPayload } from "@/lib/auth/jobs/password-reset-mail";
import { handle as mailResetLink } from "@/lib/auth/jobs/password-reset-mail.handler";
import { isResetLinkUsable, requestPasswordReset, resetPassword, RESET_LINK_INVALID } from "@/lib/auth/password-reset";
import { resetConfig } from "@/lib/config";
import { systemClock } from "@/lib/queue/clock";
import { startJobRunner, type JobRunner } from "@/lib/jobs/runner";
import { formatMoney } from "@/lib/money";
import { api, createUser } from "@/test/api";
import { addContact, addGroup, createAutomation } from "@/test/automation-fixtures";
import { createCard, createReadyProject } from "@/test/order-fixtures";
import { startSmtpServer, type TestSmtpServer } from "@/test/smtp";
import { deliverMail, LINK_SECRET_REMOVED, MAIL_MAX_ATTEMPTS } from "./deliver";
import { mailDeliveryJob } from "./jobs/mail-delivery";
import { queueMail } from "./outbox";
import { sendReminderDigests } from "@/lib/automations/reminder-digest";
import { passwordResetMail } from "./templates";

const ORIGIN = "https://cardmail.test";
const FROM = "Cardmail <hello@cardmail.test>";
const IP = "203.0.113.9";
// Reset and email-change mails are limited per client address (lib/auth/mail-limits.ts): each request here comes from one of its own.
let ipSequence = 0;
const freshIp = () => `198.18.0.${++ipSequence}`;

// Every page of the web app, as the patterns of their paths (route groups left out).
const PAGE_PATTERNS = Object.keys(import.meta.glob("/app/**/page.tsx")).map((file) => {
  const segments = file
    .replace(/^\/app/, "")
    .replace(/\/page\.tsx$/, "")
    .split("/")
    .filter((segment) => segment && !segment.startsWith("("));
  return new RegExp(`^/${segments.map((s) => (s.startsWith("[") ? "[^/]+" : s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).join("/")}$`);
});

/** A link a mail carries opens a page of the app, under APP_URL. */
function expectAppPage(link: string) {
  const url = new URL(link);
  expect(url.origin).toBe(ORIGIN);
  expect(PAGE_PATTERNS.some((pattern) => pattern.test(url.pathname)), `${url.pathname} is a page of the app`).toBe(true);
}

const recipientsOf = (mail: ParsedMail) => [mail.to].flat().map((address) => address?.text ?? "").join(", ");

/** The app's links in a mail: those of the text part, each of which the HTML part carries too. */
function linksOf(mail: ParsedMail): string[] {
  expect(typeof mail.html).toBe("string");
  expect(mail.text?.trim()).toBeTruthy();
  const inText = [...(mail.text ?? "").matchAll(/https:\/\/cardmail\.test\/\S+/g)].map((match) => match[0]);
  const inHtml = [...(mail.html as string).matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replaceAll("&amp;", "&"));
  expect(inText.length).toBeGreaterThan(0);
  for (const link of inText) expect(inHtml).toContain(link);
  return inText;
}

let smtp: TestSmtpServer;
let runner: JobRunner;

/** The mails the SMTP server received for one address, once `count` of them have arrived. */
async function arrived(to: string, count = 1): Promise<ParsedMail[]> {
  return vi.waitFor(
    () => {
      const list = smtp.received.filter((mail) => recipientsOf(mail).includes(to));
      expect(list.length).toBeGreaterThanOrEqual(count);
      return list;
    },
    { timeout: 20_000, interval: 100 },
  );
}

/** The password reset jobs of an email, as pg-boss keeps them (live and archived). */
async function resetJobsOf(email: string) {
  const db = await getDb();
  return execute<{ state: string; data: PasswordResetJobPayload }>(
    db,
    sql`select state::text, data from pgboss.job where name = ${passwordResetJob.name} and data->>'email' = ${email}
        union all
        select state::text, data from pgboss.archive where name = ${passwordResetJob.name} and data->>'email' = ${email}`,
  );
}

/** Does what the server's job runner does with the waiting reset jobs of an email. */
async function runResetJobsOf(email: string) {
  const db = await getDb();
  for (const job of await resetJobsOf(email)) await mailResetLink({ db, clock: systemClock }, passwordResetJob.payload.parse(job.data));
}

async function mailRowsOf(userId: number) {
  const db = await getDb();
  return db.select().from(mails).where(eq(mails.userId, userId));
}

describe("mail through a real SMTP server, sent by the job queue", () => {
  beforeAll(async () => {
    smtp = await startSmtpServer();
    process.env.SMTP_URL = smtp.url;
    process.env.APP_URL = ORIGIN;
    process.env.MAIL_FROM = FROM;
    resetConfig();
    runner = await startJobRunner({ db: await getDb(), fulfilmentStepSeconds: 0, pollingIntervalSeconds: 0.5, webhooks: false });
    // Retries a second apart, so the test watches a failed attempt come back.
    await runner.boss.updateQueue(mailDeliveryJob.name, { ...mailDeliveryJob.queue, name: mailDeliveryJob.name, retryDelay: 1, retryBackoff: false });
  });

  afterEach(() => smtp.behave("accept"));

  afterAll(async () => {
    await runner?.stop();
    await smtp?.close();
    delete process.env.SMTP_URL;
    delete process.env.APP_URL;
    delete process.env.MAIL_FROM;
    resetConfig();
  });

  it("mails a password reset link that sets a new password once, within the hour, and ends every session", async () => {
    const user = await createUser();
    const db = await getDb();
    const [before] = await db.select({ sessionVersion: users.sessionVersion }).from(users).where(eq(users.id, user.id));

    await requestPasswordReset(db, { email: user.email.toUpperCase() }, freshIp());
    const [mail] = await arrived(user.email);
    expect(mail!.from?.text).toBe('"Cardmail" <hello@cardmail.test>');
    expect(mail!.subject).toBe("Reset your Cardmail password");
    const [link] = linksOf(mail!);
    expectAppPage(link!);
    const token = new URL(link!).searchParams.get("token")!;

    // Only the hash is stored: the secret in the link is nowhere in the table.
    const count = async (value: string) => (await execute<{ n: number }>(db, sql`select count(*)::int as n from account_tokens where token_hash = ${value}`))[0]!.n;
    expect(await count(token)).toBe(0);
    expect(await count(hashLinkSecret(token))).toBe(1);

    // Once sent, the stored copy (and the administrators' mailbox) keeps the link's page, not its secret.
    const sentRow = await vi.waitFor(
      async () => {
        const [row] = (await mailRowsOf(user.id)).filter((r) => r.kind === "password_reset");
        expect(row!.status).toBe("sent");
        return row!;
      },
      { timeout: 20_000, interval: 100 },
    );
    const admin = await createUser({ accountType: 3 });
    const shown = await getMail({ db, user: { id: admin.id, accountType: 3 } }, sentRow.id);
    for (const body of [sentRow.html, sentRow.text, shown.html, shown.text]) {
      expect(body).not.toContain(token);
      expect(body).toContain(`/reset-password?token=${LINK_SECRET_REMOVED}`);
    }

    expect(await isResetLinkUsable(db, token)).toBe(true);
    await resetPassword(db, { token, password: "a-brand-new-password" });
    expect((await checkCredentials(db, user.email, "a-brand-new-password", IP)).id).toBe(user.id);
    await expect(checkCredentials(db, user.email, user.password, "203.0.113.10")).rejects.toThrow("Invalid credentials");
    const [after] = await db.select({ sessionVersion: users.sessionVersion }).from(users).where(eq(users.id, user.id));
    expect(after!.sessionVersion).toBe(before!.sessionVersion + 1);

    // Single use.
    expect(await isResetLinkUsable(db, token)).toBe(false);
    await expect(resetPassword(db, { token, password: "yet-another-password" })).rejects.toThrow(RESET_LINK_INVALID);

    // Valid for one hour.
    await requestPasswordReset(db, { email: user.email }, freshIp());
    const [, second] = await arrived(user.email, 2);
    const expired = new URL(linksOf(second!)[0]!).searchParams.get("token")!;
    await db.execute(sql`update account_tokens set expires_at = now() - interval '1 second' where user_id = ${user.id} and used_at is null`);
    await expect(resetPassword(db, { token: expired, password: "yet-another-password" })).rejects.toThrow(RESET_LINK_INVALID);
  });

  it("answers an unknown email exactly as a known one, mails nothing, and past the limits queues nothing for either", async () => {
    const db = await getDb();
    const user = await createUser();
    const unknown = `nobody-${Date.now()}@example.com`;
    await expect(requestPasswordReset(db, { email: unknown }, freshIp())).resolves.toBeUndefined();
    await vi.waitFor(async () => expect((await resetJobsOf(unknown)).map((job) => job.state)).toEqual(["completed"]), { timeout: 20_000, interval: 100 });
    expect(await db.select().from(mails).where(eq(mails.to, unknown))).toEqual([]);

    for (const email of [unknown, user.email.toLowerCase()]) {
      for (let i = 0; i < 5; i++) await expect(requestPasswordReset(db, { email }, freshIp())).resolves.toBeUndefined();
      expect(await resetJobsOf(email)).toHaveLength(ACCOUNT_MAILS_PER_RECIPIENT);
    }
  });

  it("confirms a new email through the link mailed to it; until then the account keeps its email", async () => {
    const user = await createUser();
    const db = await getDb();
    const ctx = { db, user: { id: user.id, accountType: 1 } };
    const newEmail = `moved-${user.id}@example.org`;

    await expect(requestEmailChange(ctx, { new_email: newEmail, current_password: "wrong-password" }, freshIp())).rejects.toMatchObject({
      details: { errors: { current_password: ["The current password is incorrect."] } },
    });
    const other = await createUser();
    // Another account's email is answered the same; its owner hears of it instead (lib/auth/mail-limits.test.ts).
    await expect(requestEmailChange(ctx, { new_email: other.email, current_password: user.password }, freshIp())).resolves.toMatchObject({ email: other.email });
    const [toOwner] = await arrived(other.email);
    expect(toOwner!.subject).toBe("Someone tried to use your email on Cardmail");
    linksOf(toOwner!).forEach(expectAppPage);

    await requestEmailChange(ctx, { new_email: newEmail, current_password: user.password }, freshIp());
    const [mail] = await arrived(newEmail);
    expect(mail!.subject).toBe("Confirm your new email for Cardmail");
    const [link] = linksOf(mail!);
    expectAppPage(link!);
    const [unchanged] = await db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
    expect(unchanged!.email).toBe(user.email);

    expect(await confirmEmailChange(db, new URL(link!).searchParams.get("token"))).toEqual({ email: newEmail });
    const [changed] = await db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
    expect(changed!.email).toBe(newEmail);

    // The old address hears of it, with the way back if the change was not its owner's.
    const [notice] = await arrived(user.email);
    expect(notice!.subject).toBe("The email of your Cardmail account was changed");
    expect(notice!.text).toMatch(new RegExp(`Old email:\\s+${user.email}\\n`));
    expect(notice!.text).toMatch(new RegExp(`New email:\\s+${newEmail}\\n`));
    expect(notice!.text).toMatch(/Changed:\s+\w+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s[AP]M UTC\n/);
    expect(notice!.text).toContain("someone else knows your password");
    const noticeLinks = linksOf(notice!);
    expect(noticeLinks).toHaveLength(1);
    expect(noticeLinks[0]).toMatch(new RegExp(`^${ORIGIN}/take-back-account\\?token=[\\w-]{43}$`));
    noticeLinks.forEach(expectAppPage);
    expect((await mailRowsOf(user.id)).map((row) => [row.to, row.subject]).sort()).toEqual(
      [
        [newEmail, "Confirm your new email for Cardmail"],
        [user.email, "The email of your Cardmail account was changed"],
      ].sort(),
    );
    await expect(confirmEmailChange(db, new URL(link!).searchParams.get("token"))).rejects.toMatchObject({ code: "validation" });
  });

  it("lets the old address take the account back from whoever changed its email and password", async () => {
    const user = await createUser();
    const db = await getDb();
    const ctx = { db, user: { id: user.id, accountType: 1 } };
    const intruder = `intruder-${user.id}@example.net`;
    const { token: apiToken } = await issueToken(db, user.id, "left-behind");
    expect((await authenticateToken(db, apiToken)).user.id).toBe(user.id);

    // Someone who knows the password moves the account to their address, then sets their own password.
    await requestEmailChange(ctx, { new_email: intruder, current_password: user.password }, freshIp());
    const [confirmation] = await arrived(intruder);
    await confirmEmailChange(db, new URL(linksOf(confirmation!)[0]!).searchParams.get("token"));
    await requestPasswordReset(db, { email: intruder }, freshIp());
    const [reset] = await arrived(intruder, 2).then((list) => list.filter((mail) => mail.subject === "Reset your Cardmail password"));
    await resetPassword(db, { token: new URL(linksOf(reset!)[0]!).searchParams.get("token")!, password: "the-intruders-password" });
    await requestPasswordReset(db, { email: intruder }, freshIp());
    await vi.waitFor(async () => expect((await mailRowsOf(user.id)).filter((row) => row.kind === "password_reset")).toHaveLength(2), { timeout: 20_000, interval: 100 });
    const [before] = await db.select({ sessionVersion: users.sessionVersion }).from(users).where(eq(users.id, user.id));

    // The notice to the old address still opens the way back.
    const [notice] = await arrived(user.email);
    const takeBack = new URL(linksOf(notice!)[0]!).searchParams.get("token")!;
    expect(await peekAccountTakeBack(db, takeBack)).toBe(user.email);
    expect(await takeBackAccount(db, { token: takeBack, password: "mine-again-for-good" })).toEqual({ email: user.email });

    const [after] = await db.select({ email: users.email, sessionVersion: users.sessionVersion }).from(users).where(eq(users.id, user.id));
    expect(after).toEqual({ email: user.email, sessionVersion: before!.sessionVersion + 1 });
    expect((await checkCredentials(db, user.email, "mine-again-for-good", IP)).id).toBe(user.id);
    await expect(checkCredentials(db, intruder, "the-intruders-password", "203.0.113.11")).rejects.toThrow("Invalid credentials");
    await expect(authenticateToken(db, apiToken)).rejects.toMatchObject({ code: "unauthenticated" });
    // Every link of the account is used up: the intruder's unused reset link, and the take-back itself.
    const open = await db.select().from(accountTokens).where(and(eq(accountTokens.userId, user.id), sql`${accountTokens.usedAt} is null`));
    expect(open).toEqual([]);
    await expect(takeBackAccount(db, { token: takeBack, password: "mine-again-for-good" })).rejects.toMatchObject({ code: "validation", message: TAKE_BACK_LINK_INVALID });
  });

  it("refuses to take an account back to an email another account took since, and changes nothing", async () => {
    const user = await createUser();
    const db = await getDb();
    const moved = `moved-on-${user.id}@example.org`;
    await requestEmailChange({ db, user: { id: user.id, accountType: 1 } }, { new_email: moved, current_password: user.password }, freshIp());
    const [confirmation] = await arrived(moved);
    await confirmEmailChange(db, new URL(linksOf(confirmation!)[0]!).searchParams.get("token"));
    const [notice] = await arrived(user.email);
    const takeBack = new URL(linksOf(notice!)[0]!).searchParams.get("token")!;
    await createUser({ email: user.email });

    await expect(takeBackAccount(db, { token: takeBack, password: "mine-again-for-good" })).rejects.toMatchObject({
      code: "validation",
      message: expect.stringContaining("Another Cardmail account has taken this email"),
    });
    const [unchanged] = await db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
    expect(unchanged!.email).toBe(moved);
    expect(await peekAccountTakeBack(db, takeBack)).toBe(user.email);
  });

  it("mails a receipt after a checkout, with the order's link", async () => {
    const user = await createUser({ creditCents: 10_000 });
    const { project } = await createReadyProject(user.id, { priceCents: 399, recipients: [{ firstName: "Grace", lastName: "Hopper" }, { firstName: "Alan", lastName: "Turing" }] });
    const res = await api.post(`/cart/checkout/${project.id}`, { token: user.token });
    expect(res.status).toBe(201);
    const orderId = res.body.data.order_id as number;

    const [mail] = await arrived(user.email);
    expect(mail!.subject).toBe(`Your Cardmail receipt for order #${orderId}`);
    expect(mail!.text).toContain("Grace Hopper");
    expect(mail!.text).toContain("Alan Turing");
    expect(mail!.text).toContain(formatMoney(res.body.data.credit_charged * 100));
    expect(mail!.html).toContain("Grace Hopper");
    const links = linksOf(mail!);
    expect(links).toEqual([`${ORIGIN}/orders/${orderId}`]);
    expectAppPage(links[0]!);
    // The SMTP server has the mail a moment before the worker records it as sent.
    await vi.waitFor(async () => expect(await mailRowsOf(user.id)).toMatchObject([{ kind: "order_receipt", status: "sent", attempts: 1 }]), { timeout: 10_000, interval: 50 });
  });

  it("mails the cards cancelled with their refund and the credit after it, once per cancellation", async () => {
    const user = await createUser({ creditCents: 10_000 });
    const { project } = await createReadyProject(user.id, { priceCents: 399, recipients: [{ firstName: "Grace", lastName: "Hopper" }, { firstName: "Alan", lastName: "Turing" }] });
    const checkout = await api.post(`/cart/checkout/${project.id}`, { token: user.token });
    expect(checkout.status).toBe(201);
    const orderId = checkout.body.data.order_id as number;
    const tracking = await api.get(`/orders/track/${orderId}`, { token: user.token });
    const grace = (tracking.body.data[0].recipients as { id: number; name: string }[]).find((piece) => piece.name === "Grace Hopper")!;
    expect((await api.post(`/orders/${orderId}/cancel`, { token: user.token, body: { recipient_ids: [grace.id] } })).status).toBe(200);

    const cancelled = (await arrived(user.email, 2)).find((mail) => mail.subject?.startsWith("A card of order"))!;
    expect(cancelled.subject).toBe(`A card of order #${orderId} cancelled: $3.99 back to your credit`);
    expect(cancelled.text).toContain("Grace Hopper");
    expect(cancelled.text).not.toContain("Alan Turing");
    expect(cancelled.text).toContain("Refunded to credit: $3.99");
    expect(cancelled.text).toMatch(new RegExp(`Credit now: +\\${formatMoney(10_000 - 2 * 399 + 399)}`));
    expect(linksOf(cancelled)).toEqual([`${ORIGIN}/orders/${orderId}`]);
    await vi.waitFor(async () => expect((await mailRowsOf(user.id)).map((row) => row.kind).sort()).toEqual(["order_cancelled", "order_receipt"]), { timeout: 10_000, interval: 50 });
  });

  it("mails a receipt for an automation's order, and says once a day what is missing when the credit is short", async () => {
    const NOW = new Date("2030-03-03T09:30:00Z");
    const rich = await createUser({ creditCents: 10_000 });
    const poor = await createUser({ creditCents: 100 });
    const card = await createCard({ priceCents: 250 });
    const db = await getDb();
    for (const user of [rich, poor]) {
      await addContact(user.id, { firstName: "Margaret", lastName: "Ellis", birthMonth: 3, birthDay: 10 });
      await createAutomation(user, card.id, { name: `Birthdays of ${user.id}` });
    }
    await runDueAutomations(db, { now: NOW });

    const [receipt] = await arrived(rich.email);
    expect(receipt!.subject).toMatch(/^Your Cardmail receipt for order #\d+$/);
    expect(receipt!.text).toContain(`your automation "Birthdays of ${rich.id}" ordered 1 card`);
    expect(receipt!.text).toContain("Margaret Ellis");
    linksOf(receipt!).forEach(expectAppPage);

    const [skipped] = await arrived(poor.email);
    const [run] = await db.select().from(automationRuns).where(and(eq(automationRuns.userId, poor.id), eq(automationRuns.status, "skipped")));
    expect(skipped!.subject).toBe(`Not enough credit: "Birthdays of ${poor.id}" sent no cards today`);
    const fact = (term: string, cents: number) => new RegExp(`${term}:\\s+${formatMoney(cents).replace("$", "\\$")}\\n`);
    expect(skipped!.text).toMatch(fact("Needed", run!.creditNeededCents));
    expect(skipped!.text).toMatch(fact("Your credit", 100));
    expect(skipped!.text).toMatch(fact("Missing", run!.creditNeededCents - 100));
    const links = linksOf(skipped!);
    expect(links).toContain(`${ORIGIN}/account/credit`);
    links.forEach(expectAppPage);

    // The next passes of the day find the same lack: no second mail.
    await runDueAutomations(db, { now: new Date("2030-03-03T15:00:00Z") });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await mailRowsOf(poor.id)).filter((m) => m.kind === "automation_skipped")).toHaveLength(1);
  });

  it("mails the day's digest of uncovered dates in the window, each with a send link, once a day", async () => {
    // The account is in UTC, whose digest goes out from 08:00 UTC, its morning.
    const NOW = new Date("2030-03-03T08:15:00Z");
    const user = await createUser({ creditCents: 10_000 });
    const db = await getDb();
    const card = await createCard();
    const ada = await addContact(user.id, { firstName: "Ada", lastName: "Byron", birthMonth: 3, birthDay: 10, birthYear: 1990 });
    const automated = await addContact(user.id, { firstName: "Auto", lastName: "Mated", birthMonth: 3, birthDay: 12 });
    await addContact(user.id, { firstName: "Far", lastName: "Away", birthMonth: 3, birthDay: 25 });
    const group = await addGroup(user.id, [automated.id]);
    await createAutomation(user, card.id, { group_id: group.id, name: "Group birthdays" });
    // A card ordered to arrive before Olga's birthday covers it.
    const { recipients } = await createReadyProject(user.id, { recipients: [{ firstName: "Olga", lastName: "Ordered" }] });
    const olga = recipients[0]!.contact;
    await db.execute(sql`update contacts set birth_month = 3, birth_day = 8 where id = ${olga.id}`);
    const res = await api.post(`/cart/checkout/${recipients[0]!.recipient.projectId}`, { token: user.token });
    expect(res.status).toBe(201);
    await db.update(orderRecipients).set({ scheduledDeliveryDate: new Date("2030-03-06T00:00:00Z") }).where(eq(orderRecipients.orderId, res.body.data.order_id));
    const off = await createUser();
    await db.update(users).set({ reminderDays: null }).where(eq(users.id, off.id));
    await addContact(off.id, { birthMonth: 3, birthDay: 5 });

    // Before 08:00 in the account's zone it is too early.
    await sendReminderDigests(db, new Date("2030-03-03T07:15:00Z"));
    expect((await mailRowsOf(user.id)).filter((m) => m.kind === "reminder_digest")).toEqual([]);
    await sendReminderDigests(db, NOW);
    const digests = (await arrived(user.email, 2)).filter((mail) => mail.subject?.startsWith("Coming up"));
    expect(digests).toHaveLength(1);
    const digest = digests[0]!;
    expect(digest.subject).toBe("Coming up in the next 14 days: 1 date to send a card for");
    expect(digest.text).toContain("Sunday, March 10 (in 7 days): Ada Byron's birthday (turns 40)");
    for (const left of ["Auto", "Far", "Olga"]) expect(digest.text).not.toContain(left);
    const links = linksOf(digest);
    expect(links).toContain(`${ORIGIN}/cards?for=${ada.id}&occasion=birthday&delivery_date=2030-03-10`);
    links.forEach(expectAppPage);

    // Once a day, however many passes run; none for an account with reminders off.
    await sendReminderDigests(db, new Date("2030-03-03T20:15:00Z"));
    const rows = await db.select().from(mails).where(and(eq(mails.userId, user.id), eq(mails.kind, "reminder_digest")));
    expect(rows).toHaveLength(1);
    expect(await mailRowsOf(off.id)).toEqual([]);
    // The next day the window has moved on, and a new digest goes out.
    await sendReminderDigests(db, new Date("2030-03-04T08:15:00Z"));
    expect(await db.select().from(mails).where(and(eq(mails.userId, user.id), eq(mails.kind, "reminder_digest")))).toHaveLength(2);
  });

  it("retries a mail the SMTP server refuses or hangs up on, and delivers it once it answers", async () => {
    const db = await getDb();
    const to = `retry-${Date.now()}@example.com`;
    smtp.behave("reject");
    const id = await db.transaction((tx) => queueMail(tx, { ...passwordResetMail({ username: "Ada", resetUrl: `${ORIGIN}/reset-password?token=x` }), to, userId: null }));
    const rowOf = async () => (await db.select().from(mails).where(eq(mails.id, id!)))[0]!;
    // Refused twice (451), each time back in the queue with the server's answer.
    await vi.waitFor(async () => expect(await rowOf()).toMatchObject({ status: "queued", attempts: 2, lastError: expect.stringContaining("451") }), { timeout: 20_000, interval: 50 });
    smtp.behave("close");
    // Then a server that hangs up at once.
    await vi.waitFor(async () => expect(await rowOf()).toMatchObject({ status: "queued", attempts: 3, lastError: expect.stringContaining("421") }), { timeout: 20_000, interval: 50 });
    expect(smtp.received.filter((mail) => recipientsOf(mail).includes(to))).toEqual([]);

    smtp.behave("accept");
    const received = await arrived(to);
    expect(received).toHaveLength(1);
    // The server has the mail before the worker records it as sent: on a busy machine, a moment before.
    await vi.waitFor(async () => expect(await rowOf()).toMatchObject({ status: "sent", lastError: null, attempts: 4 }), { timeout: 10_000, interval: 50 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.received.filter((mail) => recipientsOf(mail).includes(to))).toHaveLength(1);
  });

  it("keeps a mail whose every attempt failed, marked failed, with its error", async () => {
    const db = await getDb();
    const [row] = await db
      .insert(mails)
      .values({
        to: "last-try@example.com",
        subject: "s",
        kind: "password_reset",
        html: '<p><a href="https://cardmail.test/reset-password?token=s3cret_-x">Reset</a></p>',
        text: "Reset: https://cardmail.test/reset-password?token=s3cret_-x",
        status: "queued",
        attempts: MAIL_MAX_ATTEMPTS - 1,
      })
      .returning();
    smtp.behave("reject");
    expect(await deliverMail({ db }, row!.id)).toBe("failed");
    const [failed] = await db.select().from(mails).where(eq(mails.id, row!.id));
    expect(failed).toMatchObject({
      status: "failed",
      attempts: MAIL_MAX_ATTEMPTS,
      html: `<p><a href="https://cardmail.test/reset-password?token=${LINK_SECRET_REMOVED}">Reset</a></p>`,
      text: `Reset: https://cardmail.test/reset-password?token=${LINK_SECRET_REMOVED}`,
    });
    expect(failed!.lastError).toContain("451");
    // A duplicate job finds nothing due.
    expect(await deliverMail({ db }, row!.id)).toBe("not_due");
  });
});

describe("mail without SMTP_URL", () => {
  it("is kept for the administrators' mailbox, which only administrators read", async () => {
    resetConfig();
    const db = await getDb();
    const user = await createUser();
    await requestPasswordReset(db, { email: user.email }, freshIp());
    await runResetJobsOf(user.email.toLowerCase());
    const [row] = await mailRowsOf(user.id);
    expect(row).toMatchObject({ status: "kept", kind: "password_reset", to: user.email, attempts: 0 });
    const [jobs] = await execute<{ n: number }>(db, sql`select count(*)::int as n from pgboss.job where name = 'mail-delivery' and data->>'mailId' = ${String(row!.id)}`);
    expect(jobs!.n).toBe(0);

    const admin = await createUser({ accountType: 3 });
    const page = await listMails({ db, user: { id: admin.id, accountType: 3 } });
    expect(page.smtpConfigured).toBe(false);
    expect(page.mails.find((mail) => mail.id === row!.id)).toMatchObject({ subject: "Reset your Cardmail password", status: "kept" });
    const message = await getMail({ db, user: { id: admin.id, accountType: 3 } }, row!.id);
    expect(message.text).toContain("/reset-password?token=");
    await expect(listMails({ db, user: { id: user.id, accountType: 1 } })).rejects.toMatchObject({ code: "forbidden" });
    await expect(getMail({ db, user: { id: user.id, accountType: 1 } }, row!.id)).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("a forgotten-password request", () => {
  beforeAll(async () => {
    resetConfig();
    // pg-boss's schema and queues, as a server's start makes them: the request enqueues its job.
    const runner = await startJobRunner({ db: await getDb(), fulfilmentStepSeconds: 0, webhooks: false });
    await runner.stop();
  });

  const tokensOf = async (userId: number) => (await getDb()).select().from(accountTokens).where(eq(accountTokens.userId, userId));

  it("only queues a job, the same for a known and an unknown email; the job mails the known one once", async () => {
    const db = await getDb();
    const user = await createUser();
    const known = user.email.toLowerCase();
    const unknown = `nobody-${Date.now()}@example.com`;

    await requestPasswordReset(db, { email: ` ${user.email.toUpperCase()} ` }, freshIp());
    await requestPasswordReset(db, { email: unknown.toUpperCase() }, freshIp());
    expect(await tokensOf(user.id)).toEqual([]);
    expect(await mailRowsOf(user.id)).toEqual([]);
    for (const email of [known, unknown]) {
      const jobs = await resetJobsOf(email);
      expect(jobs).toMatchObject([{ state: "created", data: { email } }]);
    }

    await runResetJobsOf(unknown);
    expect(await db.select().from(mails).where(eq(mails.to, unknown))).toEqual([]);

    await runResetJobsOf(known);
    const [mail] = await mailRowsOf(user.id);
    expect(mail).toMatchObject({ kind: "password_reset", to: user.email, subject: "Reset your Cardmail password" });
    expect(await tokensOf(user.id)).toHaveLength(1);

    // A retry of a job whose run committed: no second mail, no second link.
    await runResetJobsOf(known);
    expect(await mailRowsOf(user.id)).toHaveLength(1);
    expect(await tokensOf(user.id)).toHaveLength(1);

    // Each request is answered, though: a second one mails a second link.
    await requestPasswordReset(db, { email: user.email }, freshIp());
    await runResetJobsOf(known);
    expect(await mailRowsOf(user.id)).toHaveLength(2);
  });

  it("mails nothing for an account that was deactivated after the request", async () => {
    const db = await getDb();
    const user = await createUser();
    await requestPasswordReset(db, { email: user.email }, freshIp());
    await db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    await runResetJobsOf(user.email.toLowerCase());
    expect(await mailRowsOf(user.id)).toEqual([]);
    expect(await tokensOf(user.id)).toEqual([]);
  });
});
