import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { loginAttempts, users } from "@/db/schema";
import { resetConfig } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { api, createUser } from "@/test/api";
import { ACCOUNT_WINDOW_SECONDS, checkCredentials, MAX_FAILED_LOGINS_PER_ACCOUNT, MAX_FAILED_LOGINS_PER_ADDRESS, signUp } from "./login";

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

describe("failed logins per account", () => {
  it("refuses the account from every address after 20 failures within an hour from any addresses, even with the right password", async () => {
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
