import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { contacts } from "@/db/schema";
import { captureLogs } from "@/lib/logger";
import { api, call, createUser } from "@/test/api";
import { errorResponse, route } from "./handler";
import { routeTemplate } from "./observe";

let capture: ReturnType<typeof captureLogs> | undefined;
afterEach(() => capture?.restore());

const requestLines = () => capture!.lines.filter((line) => line.msg === "request");

describe("request ids and log lines", () => {
  it("echoes a valid X-Request-Id and logs one line with the route template, never the query", async () => {
    const user = await createUser();
    capture = captureLogs();
    const res = await api.get("/contacts?query=Margaret%20Hamilton&per_page=5", { token: user.token, headers: { "x-request-id": "trace-42.a:b" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toBe("trace-42.a:b");
    const [line, ...others] = requestLines();
    expect(others).toEqual([]);
    expect(line).toMatchObject({ request_id: "trace-42.a:b", method: "GET", route: "/api/v1/contacts", status: 200, user_id: user.id, component: "http", level: "info" });
    expect(typeof line!.duration_ms).toBe("number");
    const text = JSON.stringify(capture.lines);
    expect(text).not.toContain("Margaret");
    expect(text).not.toContain(user.token);
    expect(text).not.toContain(user.email);
  });

  it("replaces an unsafe or overlong X-Request-Id with a new UUID", async () => {
    for (const given of ["has spaces", "x".repeat(129), "<script>", ""]) {
      const res = await call("GET", "/api/health", { headers: { "x-request-id": given } });
      expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("names a route by its template, not by the ids in the path", async () => {
    const user = await createUser();
    capture = captureLogs();
    const uuid = "0b5c8a4e-1f7e-4c3a-9d6e-2a1b3c4d5e6f";
    const res = await api.get(`/contacts/${uuid}`, { token: user.token });
    expect(res.status).toBe(404);
    expect(requestLines()[0]).toMatchObject({ route: "/api/v1/contacts/{uuid}", status: 404 });
    expect(JSON.stringify(capture.lines)).not.toContain(uuid);
    expect(routeTemplate("/api/v1/no/such/path", { slug: ["no", "such", "path"] })).toBe("/api/v1/{...slug}");
    expect(routeTemplate("/api/v1/groups/12/contacts/ab", { groupId: "12", contactId: "ab" })).toBe("/api/v1/groups/{groupId}/contacts/{contactId}");
  });

  it("logs a failed insert's code and constraint but never its parameters", async () => {
    const db = await getDb();
    const failure = await db
      .insert(contacts)
      .values({ userId: 999_999_999, firstName: "Ada", lastName: "Lovelace-Secret", email: "ada.secret@example.com", address: "12 Hidden Lane" })
      .then(() => undefined)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    capture = captureLogs();
    const { GET } = route({ GET: async () => errorResponse(failure) });
    const res = await GET(new Request("http://localhost/api/v1/boom", { headers: { "x-request-id": "req-500" } }), { params: Promise.resolve({}) });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ message: "Server Error" });
    expect(res.headers.get("x-request-id")).toBe("req-500");
    const errorLine = capture.lines.find((line) => line.level === "error")!;
    expect(errorLine).toMatchObject({ request_id: "req-500", msg: "Unhandled API error" });
    const text = JSON.stringify(errorLine);
    expect(text).toContain("23503");
    expect(text).toContain("contacts_user_id_users_id_fk");
    for (const secret of ["Lovelace-Secret", "ada.secret@example.com", "Hidden Lane", "999999999", "params"]) expect(text).not.toContain(secret);
    expect(requestLines()[0]).toMatchObject({ request_id: "req-500", status: 500, route: "/api/v1/boom" });
  });
});
