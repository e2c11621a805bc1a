import { expect, request as requestFactory, test } from "@playwright/test";
import { signUpOverHttp } from "../support/accounts";

test.describe("API errors are JSON", () => {
  test("an unknown API route is a JSON 404", async ({ request }) => {
    const response = await request.get("/api/v1/no-such-thing");
    expect(response.status()).toBe(404);
    expect(response.headers()["content-type"]).toContain("application/json");
    const body = (await response.json()) as { message: unknown };
    expect(typeof body.message).toBe("string");
  });

  test("an unsupported method is a JSON 405 with Allow", async ({ request }) => {
    const response = await request.delete("/api/v1/auth/login");
    expect(response.status()).toBe(405);
    expect(response.headers()["content-type"]).toContain("application/json");
    expect(response.headers()["allow"]).toContain("POST");
    const body = (await response.json()) as { message: unknown };
    expect(typeof body.message).toBe("string");
  });

  // Methods the Fetch API refuses: server.mjs answers them before Next's adapter throws on them.
  test("TRACE is a JSON 405 with Allow", async ({ request }) => {
    const response = await request.fetch("/api/v1/cards", { method: "TRACE" });
    expect(response.status()).toBe(405);
    expect(response.headers()["content-type"]).toContain("application/json");
    expect(response.headers()["allow"]).toContain("GET");
    expect(await response.json()).toEqual({ message: "The method is not supported for this route." });
  });

  test("malformed JSON is a JSON 400", async ({ request }) => {
    const response = await request.post("/api/v1/auth/login", { headers: { "content-type": "application/json" }, data: Buffer.from('{"email": "demo@example.com",') });
    expect(response.status()).toBe(400);
    const body = (await response.json()) as { message: unknown };
    expect(typeof body.message).toBe("string");
  });
});

test.describe("login throttling over HTTP", () => {
  test("a new X-Forwarded-For with each guess buys no guesses: the 6th is a 429", async ({ request, baseURL }) => {
    const browserless = await requestFactory.newContext({ baseURL });
    const user = await signUpOverHttp(browserless, "api-throttle");
    await browserless.dispose();

    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await request.post("/api/v1/auth/login", {
        headers: { "x-forwarded-for": `198.51.100.${attempt}` },
        data: { app_id: "e2e-throttle", email: user.email, password: "not-the-password" },
      });
      expect(response.status()).toBe(401);
    }
    const sixth = await request.post("/api/v1/auth/login", {
      headers: { "x-forwarded-for": "198.51.100.6" },
      data: { app_id: "e2e-throttle", email: user.email, password: user.password },
    });
    expect(sixth.status()).toBe(429);
    expect(Number(sixth.headers()["retry-after"])).toBeGreaterThan(0);
  });
});
