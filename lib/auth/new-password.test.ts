import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountTokens, mails, users } from "@/db/schema";
import { EMAIL_LINK_INVALID, confirmEmailChange, pendingEmailChange, peekAccountTakeBack, requestEmailChange } from "@/lib/account/email-change";
import { changePassword } from "@/lib/account/password";
import { api, createUser, type TestUser } from "@/test/api";
import { createAccountToken } from "./account-tokens";
import { resetPassword, RESET_LINK_TTL_SECONDS } from "./password-reset";
import { authenticateToken, issueToken } from "./tokens";

const ctxOf = (user: TestUser) => ({ db: user.db, user: { id: user.id, accountType: 1 } });

/** The secret of the newest confirmation link mailed to `to` (without SMTP_URL the mail is kept whole). */
async function confirmationSecret(user: TestUser, to: string): Promise<string> {
  const rows = await user.db
    .select({ text: mails.text })
    .from(mails)
    .where(and(eq(mails.userId, user.id), eq(mails.to, to)));
  const secret = rows.at(-1)?.text.match(/\/confirm-email\?token=([\w-]{43})/)?.[1];
  expect(secret, "a confirmation link in the mail").toBeTruthy();
  return secret!;
}

/**
 * Someone who knows the password: an API token of their own, and an email change to their
 * address waiting for its link. The owner also has a take-back link from an earlier change.
 */
async function intrudedAccount() {
  const user = await createUser();
  const { token: intruderToken } = await issueToken(user.db, user.id, "intruder-app");
  const intruderEmail = `intruder-${user.id}@example.net`;
  await requestEmailChange(ctxOf(user), { new_email: intruderEmail, current_password: user.password }, "203.0.113.150");
  const confirmSecret = await confirmationSecret(user, intruderEmail);
  const takeBack = await createAccountToken(user.db, { userId: user.id, purpose: "email_revert", ttlSeconds: 3600, newEmail: user.email });
  return { user, intruderToken, intruderEmail, confirmSecret, takeBack };
}

/** Nothing the intruder held opens the account any more; the owner's own way back still does. */
async function expectLockedOut({ user, intruderToken, confirmSecret, takeBack }: Awaited<ReturnType<typeof intrudedAccount>>) {
  // The intruder's API token and the owner's own tokens: every one of them is revoked.
  await expect(authenticateToken(user.db, intruderToken)).rejects.toMatchObject({ code: "unauthenticated" });
  expect((await api.get("/account", { token: intruderToken })).status).toBe(401);
  expect((await api.get("/account", { token: user.token })).status).toBe(401);

  // The email change asked for before can't be confirmed after, and none is shown as waiting.
  expect(await pendingEmailChange(ctxOf(user))).toBeNull();
  await expect(confirmEmailChange(user.db, confirmSecret)).rejects.toMatchObject({ code: "validation", message: EMAIL_LINK_INVALID });
  const [account] = await user.db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
  expect(account!.email).toBe(user.email);

  // The take-back link of an earlier change is the owner's, not the intruder's: it stays.
  expect(await peekAccountTakeBack(user.db, takeBack)).toBe(user.email);
}

describe("a new password locks out whoever knew the old one", () => {
  it("through a reset link: every API token is revoked and the email changes asked for before are cancelled", async () => {
    const intruded = await intrudedAccount();
    const { user } = intruded;
    const resetSecret = await createAccountToken(user.db, { userId: user.id, purpose: "password_reset", ttlSeconds: RESET_LINK_TTL_SECONDS });

    await resetPassword(user.db, { token: resetSecret, password: "the-owners-new-password" });

    await expectLockedOut(intruded);
    // The owner's apps sign in again with the new password.
    const again = await api.post("/auth/login", { body: { app_id: "tests", email: user.email, password: "the-owners-new-password" }, headers: { "x-forwarded-for": "203.0.113.151" } });
    expect(again.status).toBe(200);
    expect((await api.get("/account", { token: again.body.data.token })).status).toBe(200);
  });

  it("changed in the account: the same, and the browser that changed it gets the new session version", async () => {
    const intruded = await intrudedAccount();
    const { user } = intruded;

    const { sessionVersion } = await changePassword(ctxOf(user), { current_password: user.password, new_password: "the-owners-new-password" }, "203.0.113.152");
    expect(sessionVersion).toBe(1);

    await expectLockedOut(intruded);
  });

  it("leaves other accounts' tokens and email changes alone", async () => {
    const { user } = await intrudedAccount();
    const bystander = await createUser();
    await requestEmailChange(ctxOf(bystander), { new_email: `moving-${bystander.id}@example.org`, current_password: bystander.password }, "203.0.113.153");

    await changePassword(ctxOf(user), { current_password: user.password, new_password: "the-owners-new-password" }, "203.0.113.154");

    expect((await api.get("/account", { token: bystander.token })).status).toBe(200);
    expect((await pendingEmailChange(ctxOf(bystander)))?.email).toBe(`moving-${bystander.id}@example.org`);
    const open = await bystander.db.select().from(accountTokens).where(eq(accountTokens.userId, bystander.id));
    expect(open.every((row) => row.usedAt === null)).toBe(true);
  });
});
