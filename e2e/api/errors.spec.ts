import { expect, test } from "@playwright/test";

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

  test("malformed JSON is a JSON 400", async ({ request }) => {
    const response = await request.post("/api/v1/auth/login", { headers: { "content-type": "application/json" }, data: Buffer.from('{"email": "demo@example.com",') });
    expect(response.status()).toBe(400);
    const body = (await response.json()) as { message: unknown };
    expect(typeof body.message).toBe("string");
  });
});
