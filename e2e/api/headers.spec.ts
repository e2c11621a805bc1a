import { expect, test } from "@playwright/test";

// Pages and API answers alike: no framing by other sites, no MIME sniffing, no full URLs in the
// Referer sent elsewhere; HSTS only when a TLS-terminating proxy says the request was https.
test.describe("security headers", () => {
  for (const path of ["/login", "/api/v1/openapi.json", "/api/v1/no-such-thing"]) {
    test(`${path} is sent with the security headers`, async ({ request }) => {
      const headers = (await request.get(path)).headers();
      expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(headers["x-frame-options"]).toBe("DENY");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["strict-transport-security"]).toBeUndefined();
    });
  }

  test("HSTS is sent when the request came over https through a proxy", async ({ request }) => {
    const headers = (await request.get("/login", { headers: { "x-forwarded-proto": "https" } })).headers();
    expect(headers["strict-transport-security"]).toContain("max-age=");
  });
});

test.describe("content security policy", () => {
  test("a page allows scripts only with a nonce that changes on every request", async ({ request }) => {
    const policies = await Promise.all([request.get("/login"), request.get("/login")].map(async (res) => (await res).headers()["content-security-policy"] ?? ""));
    const nonces = policies.map((policy) => /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic'/.exec(policy)?.[1]);
    expect(nonces[0]).toBeTruthy();
    expect(nonces[1]).toBeTruthy();
    expect(nonces[0]).not.toBe(nonces[1]);
    for (const directive of ["frame-ancestors 'none'", "base-uri 'self'", "object-src 'none'"]) expect(policies[0]).toContain(directive);
    expect(policies[0]).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const html = await (await request.get("/login")).text();
    // Every script Next.js writes into the page carries the page's nonce.
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toMatch(/nonce="[^"]+"/);
  });
});

test("API answers and pages carry an X-Request-Id, the caller's own when it is valid", async ({ request }) => {
  expect((await request.get("/api/v1/no-such-thing", { headers: { "x-request-id": "e2e-trace-1" } })).headers()["x-request-id"]).toBe("e2e-trace-1");
  expect((await request.get("/login")).headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
});

test.describe("metrics", () => {
  // scripts/e2e-server.mjs starts the server with this token.
  const token = process.env.E2E_METRICS_TOKEN || "e2e-metrics-token-0123456789";

  test("/api/metrics refuses a missing or wrong token with a JSON 401", async ({ request }) => {
    for (const headers of [{}, { authorization: "Bearer not-the-metrics-token" }] as Record<string, string>[]) {
      const res = await request.get("/api/metrics", { headers });
      expect(res.status()).toBe(401);
      expect(await res.json()).toEqual({ message: "Unauthenticated." });
    }
  });

  test("/api/metrics serves Prometheus text with the requests by route template", async ({ request }) => {
    await request.get("/api/v1/cards/123456789");
    const res = await request.get("/api/metrics", { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(200);
    const text = await res.text();
    expect(text).toContain('cardmail_http_requests_total{route="/api/v1/cards/{id}",method="GET",status="401"}');
    expect(text).toMatch(/cardmail_db_pool_max_connections\{driver="pglite"\} 1/);
    expect(text).toContain("process_resident_memory_bytes");
    expect(text).not.toContain("123456789");
  });
});
