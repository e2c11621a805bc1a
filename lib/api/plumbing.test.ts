import { afterEach, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { api, call, createUser } from "@/test/api";

/**
 * A login as server.mjs passes it on: the socket's address is the last X-Forwarded-For entry,
 * after whatever the client (or a proxy) claimed.
 */
const login = (body: Record<string, unknown>, socket = "198.51.100.7", claimed?: string) =>
  api.post("/auth/login", { body, headers: { "x-forwarded-for": claimed ? `${claimed}, ${socket}` : socket } });

/** Any request behind the bearer token: logout answers 200 only for an active token. */
const tokenWorks = async (token: string) => (await api.post("/auth/logout", { token })).status === 200;

describe("routing", () => {
  it("answers an unknown /api/v1 route with a JSON 404", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const res = await call(method, "/api/v1/nope/deeper");
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(res.body).toEqual({ message: "Not found." });
    }
  });

  it("answers a wrong method on an existing route with a JSON 405 and Allow", async () => {
    const res = await api.delete("/auth/login");
    expect(res.status).toBe(405);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("allow")).toBe("POST");
    expect(typeof res.body.message).toBe("string");
  });

  it("reports health without a token", async () => {
    const res = await call("GET", "/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });
});

describe("request bodies", () => {
  it("refuses malformed JSON with a 400 message", async () => {
    const res = await api.post("/auth/login", { rawBody: '{"email": "a@example.com",', headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "The request body is not valid JSON." });
  });

  it("refuses a body over 1 MiB with a JSON 413", async () => {
    const password = "x".repeat(1024 * 1024);
    const res = await api.post("/auth/login", { body: { app_id: "crm", email: "a@example.com", password } });
    expect(res.status).toBe(413);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.body.message).toContain("1 MiB");
  });
});

describe("bearer tokens", () => {
  it("answers 401 Unauthenticated. without a token, with a garbage one, or with a wrong scheme", async () => {
    const user = await createUser();
    const cases: Record<string, string>[] = [{}, { authorization: "Bearer not-a-token" }, { authorization: `Basic ${user.token}` }, { authorization: "Bearer " }];
    for (const headers of cases) {
      const res = await api.post("/auth/logout", { headers });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: "Unauthenticated." });
    }
  });

  it("refuses a token after logout", async () => {
    const user = await createUser();
    const out = await api.post("/auth/logout", { token: user.token });
    expect(out.status).toBe(200);

    const again = await api.post("/auth/logout", { token: user.token });
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ message: "Unauthenticated." });
  });

  it("keeps one active token per app_id: a new login revokes the previous one of that app only", async () => {
    const user = await createUser();
    const credentials = { email: user.email, password: user.password };
    const firstA = (await login({ ...credentials, app_id: "a" })).body.data.token as string;
    const secondA = (await login({ ...credentials, app_id: "a" })).body.data.token as string;
    const onlyB = (await login({ ...credentials, app_id: "b" })).body.data.token as string;

    const revoked = await api.post("/auth/logout", { token: firstA });
    expect(revoked.status).toBe(401);
    expect(revoked.body).toEqual({ message: "Unauthenticated." });
    expect(await tokenWorks(secondA)).toBe(true);
    expect(await tokenWorks(onlyB)).toBe(true);
  });

  it("does not let a login on another app_id revoke an app's token", async () => {
    const user = await createUser();
    const credentials = { email: user.email, password: user.password };
    const tokenA = (await login({ ...credentials, app_id: "a" })).body.data.token as string;
    await login({ ...credentials, app_id: "b" });
    await login({ ...credentials, app_id: "b" });

    expect(await tokenWorks(tokenA)).toBe(true);
  });
});

describe("login throttling", () => {
  it("answers 429 with Retry-After after 5 failed logins for one email and IP, even with the right password", async () => {
    const user = await createUser();
    const ip = "203.0.113.10";
    for (let i = 0; i < 5; i++) {
      const res = await login({ app_id: "crm", email: user.email, password: "wrong" }, ip);
      expect(res.status).toBe(401);
    }

    const res = await login({ app_id: "crm", email: user.email, password: user.password }, ip);
    expect(res.status).toBe(429);
    expect(typeof res.body.message).toBe("string");
    const retryAfter = res.headers.get("retry-after");
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
  });

  it("still lets the same email in from another IP", async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++) await login({ app_id: "crm", email: user.email, password: "wrong" }, "203.0.113.20");

    const res = await login({ app_id: "crm", email: user.email, password: user.password }, "203.0.113.21");
    expect(res.status).toBe(200);
    expect(typeof res.body.data.token).toBe("string");
  });

  it("counts by the socket's address whatever X-Forwarded-For the client sends (TRUSTED_PROXIES=0)", async () => {
    const user = await createUser();
    const socket = "203.0.113.40";
    for (let i = 0; i < 5; i++) {
      const res = await login({ app_id: "crm", email: user.email, password: "wrong" }, socket, `10.0.0.${i}`);
      expect(res.status).toBe(401);
    }

    // Whatever the client writes before the socket's entry, the 6th guess is refused.
    for (const claimed of ["10.0.0.99", "203.0.113.41", "10.0.0.98, 203.0.113.42", "unknown", " , "]) {
      const res = await login({ app_id: "crm", email: user.email, password: user.password }, socket, claimed);
      expect(res.status).toBe(429);
      expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    }
  });

  describe("behind one trusted proxy (TRUSTED_PROXIES=1)", () => {
    afterEach(() => {
      delete process.env.TRUSTED_PROXIES;
      resetConfig();
    });

    it("counts by the address the proxy forwarded, so other clients of the proxy still get in", async () => {
      process.env.TRUSTED_PROXIES = "1";
      resetConfig();
      const user = await createUser();
      const proxy = "192.0.2.1";
      for (let i = 0; i < 5; i++) await login({ app_id: "crm", email: user.email, password: "wrong" }, proxy, "203.0.113.50");

      const blocked = await login({ app_id: "crm", email: user.email, password: user.password }, proxy, "203.0.113.50");
      expect(blocked.status).toBe(429);
      // A forged entry left of the proxy's changes nothing: the proxy's entry is the one counted.
      const forged = await login({ app_id: "crm", email: user.email, password: user.password }, proxy, "10.9.9.9, 203.0.113.50");
      expect(forged.status).toBe(429);
      const other = await login({ app_id: "crm", email: user.email, password: user.password }, proxy, "203.0.113.51");
      expect(other.status).toBe(200);
    });
  });

  it("does not count requests that fail validation", async () => {
    const user = await createUser();
    const ip = "203.0.113.30";
    for (let i = 0; i < 6; i++) {
      const res = await login({ email: user.email, password: "wrong" }, ip);
      expect(res.status).toBe(422);
    }
    for (let i = 0; i < 4; i++) await login({ app_id: "crm", email: user.email, password: "wrong" }, ip);

    const res = await login({ app_id: "crm", email: user.email, password: user.password }, ip);
    expect(res.status).toBe(200);
  });
});
