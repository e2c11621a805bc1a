import { expect, request as requestFactory, test } from "@playwright/test";
import { DEMO, signUpOverHttp } from "../support/accounts";

test.describe("API sign-in", () => {
  test("login returns a bearer token that opens the account, and a new login for the same app revokes it", async ({ request, baseURL }) => {
    // A fresh account, created through the sign-up form in a separate cookie jar: the API calls below carry only the bearer token.
    const browserless = await requestFactory.newContext({ baseURL });
    const user = await signUpOverHttp(browserless, "api-auth");
    await browserless.dispose();

    const appId = `e2e-auth-${Date.now()}`;
    const first = await request.post("/api/v1/auth/login", { data: { app_id: appId, email: user.email, password: user.password } });
    expect(first.status()).toBe(200);
    const { data } = (await first.json()) as { data: { token: string } };
    expect(data.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    const account = await request.get("/api/v1/account", { headers: { authorization: `Bearer ${data.token}` } });
    expect(account.status()).toBe(200);
    expect(await account.json()).toMatchObject({ email: user.email, username: user.username });
    // The production server counts the token's requests in the database: the first of its window.
    expect(account.headers()["ratelimit-limit"]).toBe("1200");
    expect(account.headers()["ratelimit-remaining"]).toBe("1199");
    const again = await request.get("/api/v1/account", { headers: { authorization: `Bearer ${data.token}` } });
    expect(again.headers()["ratelimit-remaining"]).toBe("1198");

    const second = await request.post("/api/v1/auth/login", { data: { app_id: appId, email: user.email, password: user.password } });
    expect(second.status()).toBe(200);
    const revoked = await request.get("/api/v1/account", { headers: { authorization: `Bearer ${data.token}` } });
    expect(revoked.status()).toBe(401);
    expect(await revoked.json()).toEqual({ message: "Unauthenticated." });
  });

  test("a wrong password is 401 Invalid credentials", async ({ request }) => {
    const response = await request.post("/api/v1/auth/login", { data: { app_id: "e2e-bad", email: DEMO.email, password: "not-the-password" } });
    expect(response.status()).toBe(401);
    expect(response.headers()["content-type"]).toContain("application/json");
    expect(await response.json()).toEqual({ message: "Invalid credentials" });
  });

  test("a request without a token is 401 Unauthenticated.", async ({ request }) => {
    const response = await request.get("/api/v1/contacts");
    expect(response.status()).toBe(401);
    expect(await response.json()).toEqual({ message: "Unauthenticated." });
  });
});
