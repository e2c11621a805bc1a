import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiTokens, users } from "@/db/schema";
import { api, createUser } from "@/test/api";
import { authenticateToken } from "./tokens";

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
