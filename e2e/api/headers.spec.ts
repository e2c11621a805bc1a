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
