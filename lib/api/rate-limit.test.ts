import { afterEach, describe, expect, it } from "vitest";
import { apiRateLimits } from "@/db/schema";
import { issueToken } from "@/lib/auth/tokens";
import { resetConfig } from "@/lib/config";
import { pruneExpiredRecords } from "@/lib/jobs/prune-expired-records.handler";
import { api, createUser } from "@/test/api";

function setLimit(value: string | undefined): void {
  if (value === undefined) delete process.env.API_RATE_LIMIT;
  else process.env.API_RATE_LIMIT = value;
  resetConfig();
}

afterEach(() => setLimit(undefined));

describe("the API rate limit per token", () => {
  it("tells every answer the limit, what is left and when the window resets", async () => {
    const user = await createUser();
    const first = await api.get("/account", { token: user.token });
    expect(first.status).toBe(200);
    expect(first.headers.get("ratelimit-limit")).toBe("1200");
    expect(first.headers.get("ratelimit-remaining")).toBe("1199");
    const reset = Number(first.headers.get("ratelimit-reset"));
    expect(reset).toBeGreaterThanOrEqual(1);
    expect(reset).toBeLessThanOrEqual(60);

    // Errors of the handler count and carry the headers too.
    const missing = await api.get("/contacts/00000000-0000-4000-8000-000000000000", { token: user.token });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("ratelimit-remaining")).toBe("1198");
  });

  it("answers the request past the limit with a JSON 429, Retry-After and the RateLimit headers", async () => {
    setLimit("5");
    const user = await createUser();
    for (let i = 1; i <= 5; i++) {
      const res = await api.get("/account", { token: user.token });
      expect(res.status).toBe(200);
      expect(res.headers.get("ratelimit-remaining")).toBe(String(5 - i));
    }
    const over = await api.get("/account", { token: user.token });
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/) });
    const retryAfter = Number(over.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(over.headers.get("ratelimit-limit")).toBe("5");
    expect(over.headers.get("ratelimit-remaining")).toBe("0");
    expect(over.headers.get("ratelimit-reset")).toBe(String(retryAfter));
    // Writes are refused as well, before they change anything.
    const write = await api.post("/groups", { token: user.token, body: { name: "Too late" } });
    expect(write.status).toBe(429);
    setLimit(undefined);
    expect((await api.get("/groups", { token: user.token })).body).toEqual([]);
  });

  it("counts each token on its own, even two tokens of one account", async () => {
    setLimit("2");
    const user = await createUser();
    const { token: second } = await issueToken(user.db, user.id, "second-app");
    for (let i = 0; i < 2; i++) expect((await api.get("/account", { token: user.token })).status).toBe(200);
    expect((await api.get("/account", { token: user.token })).status).toBe(429);
    const other = await api.get("/account", { token: second });
    expect(other.status).toBe(200);
    expect(other.headers.get("ratelimit-remaining")).toBe("1");
    const stranger = await createUser();
    expect((await api.get("/account", { token: stranger.token })).status).toBe(200);
  });

  it("is off at 0: no 429 and no RateLimit headers", async () => {
    setLimit("0");
    const user = await createUser();
    for (let i = 0; i < 5; i++) {
      const res = await api.get("/account", { token: user.token });
      expect(res.status).toBe(200);
      expect(res.headers.get("ratelimit-limit")).toBeNull();
    }
  });

  it("keeps its windows in the database and the maintenance job forgets old ones", async () => {
    setLimit("10");
    const user = await createUser();
    await api.get("/account", { token: user.token });
    const rows = await user.db.select().from(apiRateLimits);
    expect(rows.some((row) => row.key.startsWith("api:") && row.points === 1 && row.expire! > Date.now())).toBe(true);
    await user.db.insert(apiRateLimits).values({ key: "api:old", points: 3, expire: Date.now() - 2 * 3_600_000 });
    await pruneExpiredRecords(user.db, new Date());
    const keys = (await user.db.select().from(apiRateLimits)).map((row) => row.key);
    expect(keys).not.toContain("api:old");
    expect(keys.length).toBe(rows.length);
  });
});
