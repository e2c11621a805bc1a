import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { changePassword } from "@/lib/account/password";
import { AppError } from "@/lib/errors";
import { createUser } from "@/test/api";
import { checkCredentials, MAX_FAILED_LOGINS_PER_ADDRESS } from "./login";
import { findSessionUser } from "./session-user";
import { endSessions, isSessionGrant, sessionGrant } from "./sessions";

const ctxOf = (user: { id: number; db: Awaited<ReturnType<typeof getDb>> }) => ({ db: user.db, user: { id: user.id, accountType: 1 } });

describe("browser sessions carry the account's session version", () => {
  it("a new account starts at version 0, which sign-in hands to the session", async () => {
    const user = await createUser();
    const signedIn = await checkCredentials(user.db, user.email, user.password, "192.0.2.1");
    expect(signedIn.sessionVersion).toBe(0);
    expect(await findSessionUser(user.db, { id: user.id, sessionVersion: 0 })).toMatchObject({ id: user.id, email: user.email, sessionVersion: 0 });
  });

  it("refuses a session whose version is not the account's", async () => {
    const user = await createUser();
    expect(await findSessionUser(user.db, { id: user.id, sessionVersion: 1 })).toBeUndefined();
    expect(await findSessionUser(user.db, { id: user.id, sessionVersion: -1 })).toBeUndefined();
  });

  it("refuses every session of a deactivated account", async () => {
    const user = await createUser();
    await user.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect(await findSessionUser(user.db, { id: user.id, sessionVersion: 0 })).toBeUndefined();
  });
});

describe("signing out", () => {
  it("ends every session that carries the version, and new sign-ins get the next one", async () => {
    const user = await createUser();
    expect(await endSessions(user.db, user.id, 0)).toBe(true);
    expect(await findSessionUser(user.db, { id: user.id, sessionVersion: 0 })).toBeUndefined();

    const signedIn = await checkCredentials(user.db, user.email, user.password, "192.0.2.2");
    expect(signedIn.sessionVersion).toBe(1);
    expect(await findSessionUser(user.db, { id: user.id, sessionVersion: 1 })).toBeDefined();
  });

  it("with a session that has already ended changes nothing, so an old cookie cannot sign the account out elsewhere", async () => {
    const user = await createUser();
    await endSessions(user.db, user.id, 0);
    expect(await endSessions(user.db, user.id, 0)).toBe(false);
    expect(await findSessionUser(user.db, { id: user.id, sessionVersion: 1 })).toBeDefined();
  });

  it("leaves the sessions of other accounts alone", async () => {
    const user = await createUser();
    const other = await createUser();
    await endSessions(user.db, user.id, 0);
    expect(await findSessionUser(other.db, { id: other.id, sessionVersion: 0 })).toBeDefined();
  });
});

describe("changing the password", () => {
  it("ends every session and returns the version the changing browser is re-issued with", async () => {
    const user = await createUser();
    const { sessionVersion } = await changePassword(ctxOf(user), { current_password: user.password, new_password: "a-brand-new-password" }, "192.0.2.2");
    expect(sessionVersion).toBe(1);
    expect(await findSessionUser(user.db, { id: user.id, sessionVersion: 0 })).toBeUndefined();
    expect(await findSessionUser(user.db, { id: user.id, sessionVersion })).toBeDefined();

    await expect(checkCredentials(user.db, user.email, user.password, "192.0.2.3")).rejects.toMatchObject({ code: "unauthenticated" });
    expect((await checkCredentials(user.db, user.email, "a-brand-new-password", "192.0.2.3")).id).toBe(user.id);
  });

  it("needs the current password, and a wrong one changes nothing", async () => {
    const user = await createUser();
    const error = await changePassword(ctxOf(user), { current_password: "not-it", new_password: "a-brand-new-password" }, "192.0.2.2").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).details.errors).toEqual({ current_password: ["The current password is incorrect."] });
    expect(await findSessionUser(user.db, { id: user.id, sessionVersion: 0 })).toBeDefined();
    expect((await checkCredentials(user.db, user.email, user.password, "192.0.2.4")).id).toBe(user.id);
  });

  it("counts wrong current passwords like failed sign-ins: a stolen session gets no free guesses", async () => {
    const user = await createUser();
    const attempt = (password: string) =>
      changePassword(ctxOf(user), { current_password: password, new_password: "a-brand-new-password" }, "192.0.2.5").then(
        () => undefined,
        (e: unknown) => (e as AppError).code,
      );
    for (let i = 0; i < MAX_FAILED_LOGINS_PER_ADDRESS; i++) expect(await attempt(`wrong-${i}`)).toBe("validation");
    // Even the right password is not checked once the address has used its guesses.
    expect(await attempt(user.password)).toBe("too_many_requests");
    await expect(checkCredentials(user.db, user.email, user.password, "192.0.2.5")).rejects.toMatchObject({ code: "too_many_requests" });
    expect(await findSessionUser(user.db, { id: user.id, sessionVersion: 0 })).toBeDefined();
  });
});

describe("re-issuing a session after a password change", () => {
  it("takes only a version the server granted to that account", () => {
    const grant = sessionGrant(7, 3);
    expect(isSessionGrant(7, 3, grant)).toBe(true);
    expect(isSessionGrant(7, 4, grant)).toBe(false);
    expect(isSessionGrant(8, 3, grant)).toBe(false);
    expect(isSessionGrant(7, 3, undefined)).toBe(false);
    expect(isSessionGrant(7, 3, `${grant}x`)).toBe(false);
  });
});
