import { describe, expect, it } from "vitest";
import { api, createUser } from "@/test/api";

describe("POST /auth/login", () => {
  it("issues a token that authenticates", async () => {
    const user = await createUser();
    const res = await api.post("/auth/login", { body: { app_id: "crm", email: user.email, password: user.password } });
    expect(res.status).toBe(200);
    expect(typeof res.body.data.token).toBe("string");
  });

  it("refuses a wrong password with the spec's message", async () => {
    const user = await createUser();
    const res = await api.post("/auth/login", { body: { app_id: "crm", email: user.email, password: "wrong" } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Invalid credentials" });
  });

  it("names missing fields", async () => {
    const res = await api.post("/auth/login", { body: { email: "not-an-email" } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      app_id: ["The app id field is required."],
      email: ["The email field must be a valid email address."],
      password: ["The password field is required."],
    });
    expect(res.body.message).toBe("The app id field is required. (and 2 more errors)");
  });
});
