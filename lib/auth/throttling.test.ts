import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { loginAttempts, mailRequests, signInAddresses, users } from "@/db/schema";
import { resetConfig } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { api, createUser } from "@/test/api";
import {
  ACCOUNT_WINDOW_SECONDS,
  checkCredentials,
  KNOWN_ADDRESS_DAYS,
  LOGIN_CHECK_STALE_SECONDS,
  MAX_FAILED_LOGINS_PER_ACCOUNT,
  MAX_FAILED_LOGINS_PER_ADDRESS,
  pruneLoginAttempts,
  signUp,
} from "./login";

const login = (body: Record<string, unknown>, socket: string) => api.post("/auth/login", { body, headers: { "x-forwarded-for": socket } });

async function failuresRecorded(email: string): Promise<number> {
  const db = await getDb();
  const rows = await db
    .select({ id: loginAttempts.id })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, false)));
  return rows.length;
}

/** What a call ended with: the AppError's code, or "ok". */
const outcome = (attempt: Promise<unknown>) =>
  attempt.then(
    () => "ok",
    (error: unknown) => {
      if (error instanceof AppError) return error.code;
      throw error;
    },
  );

describe("failed logins counted atomically", () => {
  it("lets at most 5 of 20 concurrent wrong passwords for one email and address reach a password check", async () => {
    const user = await createUser();
    const db = await getDb();
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => outcome(checkCredentials(db, user.email, "wrong", "203.0.113.60"))));
    expect(outcomes.filter((o) => o === "unauthenticated")).toHaveLength(MAX_FAILED_LOGINS_PER_ADDRESS);
    expect(outcomes.filter((o) => o === "too_many_requests")).toHaveLength(20 - MAX_FAILED_LOGINS_PER_ADDRESS);
    expect(await failuresRecorded(user.email)).toBe(MAX_FAILED_LOGINS_PER_ADDRESS);
  });

  it("answers 20 concurrent wrong logins over the API with 5 × 401 and 15 × 429 with Retry-After", async () => {
    const user = await createUser();
    const responses = await Promise.all(Array.from({ length: 20 }, () => login({ app_id: "crm", email: user.email, password: "wrong" }, "203.0.113.61")));
    const unauthorized = responses.filter((r) => r.status === 401);
    const throttled = responses.filter((r) => r.status === 429);
    expect(unauthorized).toHaveLength(5);
    expect(throttled).toHaveLength(15);
    for (const r of unauthorized) expect(r.body).toEqual({ message: "Invalid credentials" });
    for (const r of throttled) {
      expect(r.body.message).toMatch(/^Too many login attempts\. Please try again in \d+ seconds\.$/);
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(Number(r.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    }
    expect(await failuresRecorded(user.email)).toBe(5);
  });

  it("records a successful login as a success, so it never counts against the account", async () => {
    const user = await createUser();
    const db = await getDb();
    for (let i = 0; i < 8; i++) await checkCredentials(db, user.email, user.password, "203.0.113.62");
    expect(await failuresRecorded(user.email)).toBe(0);
  });
});

describe("logins in progress", () => {
  it("lets five correct logins sent at once right after a wrong one all through: a check in progress is no failure", async () => {
    const user = await createUser();
    const db = await getDb();
    await expect(checkCredentials(db, user.email, "wrong", "203.0.113.63")).rejects.toMatchObject({ code: "unauthenticated" });
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => outcome(checkCredentials(db, user.email, user.password, "203.0.113.63"))));
    expect(outcomes).toEqual(Array(5).fill("ok"));
    expect(await failuresRecorded(user.email)).toBe(1);
  });

  it("never answers 429 to correct logins sent at once over the API, however many", async () => {
    const user = await createUser();
    await login({ app_id: "crm", email: user.email, password: "wrong" }, "203.0.113.64");
    const responses = await Promise.all(
      Array.from({ length: 3 * MAX_FAILED_LOGINS_PER_ADDRESS }, (_, i) => login({ app_id: `app-${i}`, email: user.email, password: user.password }, "203.0.113.64")),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(3 * MAX_FAILED_LOGINS_PER_ADDRESS).fill(200));
  });

  it("still checks no more guesses than the limit when wrong and right passwords arrive together", async () => {
    const user = await createUser();
    const db = await getDb();
    const passwords = [...Array.from({ length: 10 }, (_, i) => `wrong-${i}`), user.password];
    const outcomes = await Promise.all(passwords.map((password) => outcome(checkCredentials(db, user.email, password, "203.0.113.65"))));
    expect(outcomes.filter((o) => o === "unauthenticated").length).toBeLessThanOrEqual(MAX_FAILED_LOGINS_PER_ADDRESS);
    expect(await failuresRecorded(user.email)).toBeLessThanOrEqual(MAX_FAILED_LOGINS_PER_ADDRESS);
  });

  it("counts a check that never settled (its process died) as a failure once it is stale", async () => {
    const user = await createUser();
    const db = await getDb();
    const email = user.email.toLowerCase();
    await db.insert(loginAttempts).values(
      Array.from({ length: MAX_FAILED_LOGINS_PER_ADDRESS }, () => ({
        email,
        ip: "203.0.113.66",
        succeeded: null,
        createdAt: sql`now() - make_interval(secs => ${LOGIN_CHECK_STALE_SECONDS + 5})`,
      })),
    );
    expect(await outcome(checkCredentials(db, user.email, user.password, "203.0.113.66"))).toBe("too_many_requests");
    expect(await outcome(checkCredentials(db, user.email, user.password, "203.0.113.67"))).toBe("ok");
  });
});

describe("failed logins per account", () => {
  it("refuses the account from every address that has not signed in to it after 20 failures within an hour from any addresses, even with the right password", async () => {
    const user = await createUser();
    const perAddress = MAX_FAILED_LOGINS_PER_ADDRESS - 1;
    let address = 0;
    for (let failures = 0; failures < MAX_FAILED_LOGINS_PER_ACCOUNT; failures++) {
      if (failures % perAddress === 0) address += 1;
      const res = await login({ app_id: "crm", email: user.email, password: "wrong" }, `198.51.100.${address}`);
      expect(res.status).toBe(401);
    }

    const res = await login({ app_id: "crm", email: user.email, password: user.password }, "192.0.2.200");
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/^Too many login attempts\. Please try again in \d+ seconds\.$/);
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(ACCOUNT_WINDOW_SECONDS);
    expect(res.body.message).toContain(`${retryAfter} seconds`);
  });

  it("never locks out an address that signed in to the account in the last 30 days", async () => {
    const user = await createUser();
    const db = await getDb();
    expect((await login({ app_id: "crm", email: user.email, password: user.password }, "192.0.2.201")).status).toBe(200);
    for (let i = 0; i < MAX_FAILED_LOGINS_PER_ACCOUNT; i++) {
      expect((await login({ app_id: "crm", email: user.email, password: "wrong" }, `198.51.103.${Math.floor(i / 4)}`)).status).toBe(401);
    }

    // The owner's address signs in, over the API and wherever the password is checked; an unknown one waits.
    expect((await login({ app_id: "crm", email: user.email, password: user.password }, "192.0.2.201")).status).toBe(200);
    expect((await checkCredentials(db, user.email, user.password, "192.0.2.201")).id).toBe(user.id);
    const unknown = await login({ app_id: "crm", email: user.email, password: user.password }, "192.0.2.202");
    expect(unknown.status).toBe(429);
    expect(Number(unknown.headers.get("retry-after"))).toBeGreaterThan(60);

    // A known address still has its own limit of wrong passwords a minute.
    for (let i = 0; i < MAX_FAILED_LOGINS_PER_ADDRESS; i++) {
      expect((await login({ app_id: "crm", email: user.email, password: "wrong" }, "192.0.2.201")).status).toBe(401);
    }
    expect((await login({ app_id: "crm", email: user.email, password: user.password }, "192.0.2.201")).status).toBe(429);
  });

  it("forgets an address 30 days after its last sign-in, and keeps it only hashed", async () => {
    const user = await createUser();
    const db = await getDb();
    await checkCredentials(db, user.email, user.password, "192.0.2.203");
    const kept = await db.select().from(signInAddresses).where(eq(signInAddresses.userId, user.id));
    expect(kept).toHaveLength(1);
    expect(JSON.stringify(kept)).not.toContain("192.0.2.203");

    await db
      .update(signInAddresses)
      .set({ lastSignedInAt: sql`now() - make_interval(days => ${KNOWN_ADDRESS_DAYS}) - interval '1 minute'` })
      .where(eq(signInAddresses.userId, user.id));
    for (let i = 0; i < MAX_FAILED_LOGINS_PER_ACCOUNT; i++) {
      await login({ app_id: "crm", email: user.email, password: "wrong" }, `198.51.104.${Math.floor(i / 4)}`);
    }
    expect((await login({ app_id: "crm", email: user.email, password: user.password }, "192.0.2.203")).status).toBe(429);
  });

  it("forgets addresses unused for 30 days, and attempts and mail requests a day old, in the hourly pruning", async () => {
    const user = await createUser();
    const db = await getDb();
    await checkCredentials(db, user.email, user.password, "192.0.2.204");
    await checkCredentials(db, user.email, user.password, "192.0.2.205");
    const [first] = await db.select().from(signInAddresses).where(eq(signInAddresses.userId, user.id)).orderBy(signInAddresses.lastSignedInAt).limit(1);
    await db
      .update(signInAddresses)
      .set({ lastSignedInAt: sql`now() - interval '31 days'` })
      .where(and(eq(signInAddresses.userId, user.id), eq(signInAddresses.addressHash, first!.addressHash)));
    await db.insert(mailRequests).values([
      { kind: "password_reset", ip: "192.0.2.206", recipientHash: "old", createdAt: sql`now() - interval '25 hours'` },
      { kind: "password_reset", ip: "192.0.2.206", recipientHash: "recent" },
    ]);
    await pruneLoginAttempts(db, new Date());
    expect(await db.select().from(signInAddresses).where(eq(signInAddresses.userId, user.id))).toHaveLength(1);
    expect((await db.select({ recipientHash: mailRequests.recipientHash }).from(mailRequests).where(eq(mailRequests.ip, "192.0.2.206"))).map((r) => r.recipientHash)).toEqual(["recent"]);
  });

  it("leaves other accounts alone", async () => {
    const victim = await createUser();
    const other = await createUser();
    for (let i = 0; i < MAX_FAILED_LOGINS_PER_ACCOUNT; i++) {
      await login({ app_id: "crm", email: victim.email, password: "wrong" }, `198.51.101.${Math.floor(i / 4)}`);
    }
    const res = await login({ app_id: "crm", email: other.email, password: other.password }, "198.51.101.0");
    expect(res.status).toBe(200);
  });

  it("counts failures for an email nobody has, so a 429 tells nothing about which accounts exist", async () => {
    const email = `nobody-${Date.now()}@example.com`;
    for (let i = 0; i < MAX_FAILED_LOGINS_PER_ADDRESS; i++) {
      expect((await login({ app_id: "crm", email, password: "wrong" }, "198.51.102.1")).status).toBe(401);
    }
    expect((await login({ app_id: "crm", email, password: "wrong" }, "198.51.102.1")).status).toBe(429);
  });
});

describe("sign-ups per client address", () => {
  afterEach(() => {
    delete process.env.SIGN_UP_LIMIT;
    resetConfig();
  });

  const newAccount = (label: string) => ({ username: label, email: `${label}-${Math.random().toString(36).slice(2, 10)}@example.com`, password: "long-enough-password" });

  it("allows 10 sign-ups an hour from one address, then refuses in words with how long to wait", async () => {
    const db = await getDb();
    for (let i = 0; i < 10; i++) await signUp(db, newAccount(`burst${i}`), "203.0.113.70");

    const refused = await outcome(signUp(db, newAccount("eleventh"), "203.0.113.70"));
    expect(refused).toBe("too_many_requests");
    const error = await signUp(db, newAccount("eleventh"), "203.0.113.70").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toMatch(/^Too many accounts were created from your address\. Please try again in \d+ minutes?\.$/);
    expect((error as AppError).details.retryAfterSeconds).toBeGreaterThan(0);
    expect((error as AppError).details.retryAfterSeconds).toBeLessThanOrEqual(3600);

    const elsewhere = await signUp(db, newAccount("elsewhere"), "203.0.113.71");
    expect(elsewhere.id).toBeGreaterThan(0);
  });

  it("counts concurrent sign-ups under one lock, and a refused sign-up creates no account", async () => {
    process.env.SIGN_UP_LIMIT = "3";
    resetConfig();
    const db = await getDb();
    const accounts = Array.from({ length: 8 }, (_, i) => newAccount(`concurrent${i}`));
    const outcomes = await Promise.all(accounts.map((account) => outcome(signUp(db, account, "203.0.113.72"))));
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(3);
    expect(outcomes.filter((o) => o === "too_many_requests")).toHaveLength(5);
    const created = await Promise.all(accounts.map((a) => db.select({ id: users.id }).from(users).where(eq(users.email, a.email))));
    expect(created.filter((rows) => rows.length > 0)).toHaveLength(3);
  });

  it("SIGN_UP_LIMIT=0 turns the limit off", async () => {
    process.env.SIGN_UP_LIMIT = "0";
    resetConfig();
    const db = await getDb();
    for (let i = 0; i < 12; i++) await signUp(db, newAccount(`unlimited${i}`), "203.0.113.73");
  });
});
