import { decode, encode } from "next-auth/jwt";
import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SESSION_MAX_AGE_SECONDS } from "@/lib/auth/session-lifetime";
import { authSecret } from "@/lib/config";
import { proxy } from "./proxy";

const COOKIE = "authjs.session-token";

const visit = (path: string, session?: string) =>
  proxy(new NextRequest(`http://localhost:3000${path}`, { headers: session ? { cookie: `${COOKIE}=${session}` } : {} }));

const issue = () => encode({ token: { uid: 1, sv: 0 }, secret: authSecret(), salt: COOKIE, maxAge: SESSION_MAX_AGE_SECONDS });

afterEach(() => {
  vi.useRealTimers();
});

describe("the session lasts 14 days after the last visit", () => {
  it("sends a visitor without a session to the sign-in page, keeping where they were going", async () => {
    const res = await visit("/groups?x=1");
    expect(res.status).toBe(307);
    expect(res.headers.get("location")).toBe("http://localhost:3000/login?next=%2Fgroups%3Fx%3D1");
  });

  it("guards the automations area too", async () => {
    const res = await visit("/automations/3");
    expect(res.status).toBe(307);
    expect(res.headers.get("location")).toBe("http://localhost:3000/login?next=%2Fautomations%2F3");
  });

  it("leaves a session issued today as it is", async () => {
    const res = await visit("/contacts", await issue());
    expect(res.cookies.get(COOKIE)).toBeUndefined();
  });

  it("re-issues a session more than a day old with a new 14-day expiry and the same contents", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-01T12:00:00Z"));
    const session = await issue();
    vi.setSystemTime(new Date("2026-03-03T12:00:00Z"));

    const res = await visit("/contacts", session);
    const refreshed = res.cookies.get(COOKIE);
    expect(refreshed?.value).toBeDefined();
    expect(refreshed?.httpOnly).toBe(true);
    expect(refreshed?.expires).toEqual(new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000));
    const payload = await decode({ token: refreshed!.value, secret: authSecret(), salt: COOKIE });
    expect(payload).toMatchObject({ uid: 1, sv: 0 });
    expect(payload!.exp).toBe(Math.floor(Date.now() / 1000) + SESSION_MAX_AGE_SECONDS);
  });

  it("ignores a cookie it cannot read", async () => {
    const res = await visit("/contacts", "not-a-session");
    expect(res.status).toBe(200);
    expect(res.cookies.get(COOKIE)).toBeUndefined();
  });
});
