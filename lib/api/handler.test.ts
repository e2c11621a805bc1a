import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { captureLogs } from "@/lib/logger";
import { userHandler } from "./handler";
import { json } from "./http";

const acting = { id: 7, accountType: 1 };
const call = (handler: ReturnType<typeof userHandler>, url = "http://localhost/page-data") => handler(new Request(url), { params: Promise.resolve({}) });

afterEach(() => vi.restoreAllMocks());

describe("userHandler", () => {
  it("answers a missing session with the authenticator's 401 before running the handler", async () => {
    const fn = vi.fn();
    const res = await call(userHandler(async () => Promise.reject(new AppError("unauthenticated", "Your session has ended.")), fn));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Your session has ended." });
    expect(fn).not.toHaveBeenCalled();
  });

  it("gives the handler the acting user as its service context", async () => {
    const res = await call(userHandler(async () => acting, async ({ user, service }) => json({ user, serviceUser: service.user, hasDb: !!service.db })));
    expect(await res.json()).toEqual({ user: acting, serviceUser: acting, hasDb: true });
  });

  it("answers an invalid query with the spec's 422 body", async () => {
    const schema = z.object({ page: z.coerce.number().int() });
    const res = await call(
      userHandler(async () => acting, async ({ query }) => json(query(schema))),
      "http://localhost/page-data?page=x",
    );
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(typeof body.message).toBe("string");
    expect(Object.keys(body.errors)).toEqual(["page"]);
  });

  it("logs an unexpected error and answers a JSON 500", async () => {
    const logs = captureLogs();
    const res = await call(userHandler(async () => acting, async () => Promise.reject(new Error("boom"))));
    expect(res.status).toBe(500);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({ message: "Server Error" });
    logs.restore();
    expect(logs.lines).toContainEqual(expect.objectContaining({ level: "error", msg: "Unhandled API error", err: expect.objectContaining({ message: "boom" }) }));
  });
});
