import { describe, expect, it } from "vitest";
import { api, createUser } from "@/test/api";
import { unstorableTextErrors } from "@/lib/validation";

// PostgreSQL cannot store a NUL character, and half of a surrogate pair is not Unicode: both
// are a 422 naming the field, never a database error.
describe("text PostgreSQL cannot store", () => {
  it("refuses a NUL character in a body field with a 422 naming it, and saves nothing", async () => {
    const user = await createUser();
    const res = await api.post("/contacts", { token: user.token, body: { first_name: "Ann\u0000", last_name: "Lee" } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ first_name: ["The first name field must not contain a NUL character."] });
    expect((await api.get("/contacts", { token: user.token })).body.data).toEqual([]);
  });

  it("refuses an unpaired surrogate in a nested field", async () => {
    const user = await createUser();
    const body = { first_name: "Ann", last_name: "Lee", children: [{ first_name: "\ud83d" }] };
    const res = await api.post("/contacts", { token: user.token, body });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ "children.0.first_name": ["The first name field must be valid Unicode text."] });
  });

  it("accepts a whole emoji (a surrogate pair) as ordinary text", async () => {
    const user = await createUser();
    const res = await api.post("/contacts", { token: user.token, body: { first_name: "Ann 🎂", last_name: "Lee" } });
    expect(res.status).toBe(201);
    expect(res.body.data.first_name).toBe("Ann 🎂");
  });

  it("refuses a NUL character in a search query and in the login fields", async () => {
    const user = await createUser();
    const search = await api.get(`/contacts?query=${encodeURIComponent("a\u0000b")}`, { token: user.token });
    expect(search.status).toBe(422);
    expect(search.body.errors).toEqual({ query: ["The query field must not contain a NUL character."] });
    const login = await api.post("/auth/login", { body: { app_id: "x", email: "a\u0000@example.com", password: "secret-secret" } });
    expect(login.status).toBe(422);
    expect(Object.keys(login.body.errors)).toEqual(["email"]);
  });

  it("names keys as well as values, and walks deeply nested bodies without recursion", () => {
    expect(unstorableTextErrors({ ["bad\u0000key"]: 1 })).toEqual({ "bad\u0000key": ["The bad\u0000key field must not contain a NUL character."] });
    let deep: unknown = "\u0000";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const errors = unstorableTextErrors(deep);
    expect(Object.keys(errors ?? {})).toHaveLength(1);
    expect(unstorableTextErrors({ a: ["ok", { b: "fine" }] })).toBeUndefined();
  });
});
