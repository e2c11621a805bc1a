import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiTokens, users } from "@/db/schema";
import { api, createUser, type TestUser } from "@/test/api";
import { authenticateToken, createApiToken, listActiveTokens } from "./tokens";

// A token's signature is checked once per process; whether it is still active is asked of the
// database on every request, so these hold for a token that has already been used.
describe("bearer tokens already used once", () => {
  const works = async (token: string) => (await api.get("/account", { token })).status === 200;

  it("stop working once revoked", async () => {
    const user = await createUser();
    expect(await works(user.token)).toBe(true);
    expect((await api.post("/auth/logout", { token: user.token })).status).toBe(200);
    const res = await api.get("/account", { token: user.token });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Unauthenticated." });
  });

  it("stop working once expired", async () => {
    const user = await createUser();
    expect(await works(user.token)).toBe(true);
    await user.db.update(apiTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(apiTokens.userId, user.id));
    expect(await works(user.token)).toBe(false);
  });

  it("stop working once their account is deactivated", async () => {
    const user = await createUser();
    expect(await works(user.token)).toBe(true);
    await user.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect(await works(user.token)).toBe(false);
  });

  it("name the token's user, and refuse a token whose signature was altered", async () => {
    const user = await createUser({ accountType: 2 });
    const auth = await authenticateToken(user.db, user.token);
    expect(auth.user).toEqual({ id: user.id, accountType: 2 });
    expect(await authenticateToken(user.db, user.token)).toEqual(auth);

    const [header, payload, signature] = user.token.split(".");
    const altered = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith("AA") ? "BB" : "AA"}`;
    await expect(authenticateToken(user.db, altered)).rejects.toMatchObject({ message: "Unauthenticated." });
  });
});

describe("tokens made in the web app", () => {
  const status = async (token: string) => (await api.get("/contacts", { token })).status;

  it("work with the API, and a second one for the same app_id replaces the first as a login would", async () => {
    const user = await createUser();
    const ctx = { db: user.db, user: { id: user.id, accountType: 1 } };
    const first = await createApiToken(ctx, { app_id: "crm-sync" });
    expect(first).toMatchObject({ app_id: "crm-sync", replaced: false });
    expect(await status(first.token)).toBe(200);

    const second = await createApiToken(ctx, { app_id: "crm-sync" });
    expect(second.replaced).toBe(true);
    expect(await status(first.token)).toBe(401);
    expect(await status(second.token)).toBe(200);
    expect(await status(user.token)).toBe(200);
    expect((await listActiveTokens(user.db, user.id)).map((t) => t.app_id)).toEqual(["crm-sync", "tests"]);
  });

  it("replacing an expired token of that app_id is no replacement of a working one", async () => {
    const user = await createUser({ appId: "old-app" });
    await user.db.update(apiTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(apiTokens.userId, user.id));
    const made = await createApiToken({ db: user.db, user: { id: user.id, accountType: 1 } }, { app_id: "old-app" });
    expect(made.replaced).toBe(false);
  });
});

describe("a token's last use", () => {
  const lastUsed = async (user: { db: TestUser["db"]; id: number }) => (await listActiveTokens(user.db, user.id))[0]!.last_used_at;

  it("is unknown until the token is used, then recorded at most once a minute", async () => {
    const user = await createUser();
    expect(await lastUsed(user)).toBeNull();

    await authenticateToken(user.db, user.token);
    const first = await lastUsed(user);
    expect(first).not.toBeNull();
    await authenticateToken(user.db, user.token);
    expect(await lastUsed(user)).toBe(first);

    const earlier = sql`now() - interval '61 seconds'`;
    await user.db.update(apiTokens).set({ lastUsedAt: earlier }).where(eq(apiTokens.userId, user.id));
    const backdated = await lastUsed(user);
    await authenticateToken(user.db, user.token);
    expect(new Date((await lastUsed(user))!).getTime()).toBeGreaterThan(new Date(backdated!).getTime());
  });
});
