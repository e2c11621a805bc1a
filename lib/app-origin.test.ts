import { afterEach, describe, expect, it } from "vitest";
import { api, createUser } from "@/test/api";
import { appOrigin, resetConfig } from "@/lib/config";

function withEnv(values: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetConfig();
}

afterEach(() => withEnv({ APP_URL: undefined, PORT: undefined }));

describe("the origin of absolute URLs", () => {
  it("is APP_URL's origin, or http://localhost:$PORT", () => {
    withEnv({ APP_URL: "https://cards.example.com/", PORT: "8080" });
    expect(appOrigin()).toBe("https://cards.example.com");
    withEnv({ APP_URL: undefined, PORT: "8080" });
    expect(appOrigin()).toBe("http://localhost:8080");
    withEnv({ APP_URL: "ftp://cards.example.com" });
    expect(() => appOrigin()).toThrow(/APP_URL/);
  });

  it("is never chosen by the request's Host or X-Forwarded-Host", async () => {
    withEnv({ APP_URL: "https://cards.example.com" });
    const user = await createUser();
    await api.post("/contacts", { token: user.token, body: { first_name: "Ann", last_name: "Lee" } });
    const res = await api.get("/contacts", { token: user.token, headers: { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" } });
    expect(res.status).toBe(200);
    expect(res.body.links.first).toMatch(/^https:\/\/cards\.example\.com\/api\/v1\/contacts/);
    expect(res.text).not.toContain("evil.example");
  });
});
