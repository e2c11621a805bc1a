import ICAL from "ical.js";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { calendarFeeds } from "@/db/schema";
import { appOrigin } from "@/lib/config";
import { FEED_PAGE_SIZE } from "./calendar-feed";
import { api, call, createUser, type TestUser } from "@/test/api";

type FeedEvent = { uid: string; summary: string; start: string; rrule: string; event: ICAL.Event };

async function fetchFeed(url: string, headers: Record<string, string> = {}) {
  expect(url.startsWith(`${appOrigin()}/api/v1/calendar-feeds/`)).toBe(true);
  return call("GET", url.slice(appOrigin().length), { headers });
}

function readEvents(text: string): FeedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  return calendar.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toString(),
      rrule: component.getFirstPropertyValue("rrule")!.toString(),
      event,
    };
  });
}

/** The event's dates in the given years, as the calendar app would show them. */
function occurrencesIn(event: ICAL.Event, years: number[]): string[] {
  const dates: string[] = [];
  const iterator = event.iterator();
  for (let next = iterator.next(); next && next.year <= Math.max(...years); next = iterator.next()) {
    if (years.includes(next.year)) dates.push(next.toString());
  }
  return dates;
}

describe("calendar feed", () => {
  let owner: TestUser;
  let uuid: string;

  beforeAll(async () => {
    owner = await createUser();
    const res = await api.post("/contacts", {
      token: owner.token,
      body: {
        first_name: "Jane",
        last_name: "Smith",
        birth_month: 2,
        birth_day: 29,
        anniversary_month: 6,
        anniversary_day: 20,
        anniversary_year: 2001,
        spouse_first_name: "Bob",
        spouse_birth_month: 4,
        spouse_birth_day: 31,
        children: [{ first_name: "Emma", birth_month: 3, birth_day: 14, birth_year: 2015 }, { first_name: "Leo" }],
        pets: [{ name: "Rex", secondary_type: "dog", birth_month: 5, birth_day: 1 }],
      },
    });
    expect(res.status).toBe(201);
    uuid = res.body.data.uuid;
    await api.post("/contacts", { token: owner.token, body: { first_name: "No", last_name: "Dates" } });
  });

  it("answers a new feed URL under APP_URL whose calendar has every birthday and anniversary, yearly and all-day", async () => {
    const created = await api.post("/account/calendar-feed", { token: owner.token });
    expect(created.status).toBe(201);
    const { url } = created.body.data;
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/v1\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/);

    const feed = await fetchFeed(url);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const events = readEvents(feed.text);
    expect(events.map((e) => [e.uid, e.summary, e.start]).sort()).toEqual(
      [
        [`${uuid}-anniversary@cardmail`, "Jane Smith's anniversary", "2001-06-20"],
        [`${uuid}-birthday@cardmail`, "Jane Smith's birthday", "2000-02-29"],
        [`${uuid}-child-1-birthday@cardmail`, "Emma's birthday (Jane Smith's child)", "2015-03-14"],
        [`${uuid}-pet-1-birthday@cardmail`, "Rex's birthday (Jane Smith's dog)", "2000-05-01"],
        [`${uuid}-spouse-birthday@cardmail`, "Bob Smith's birthday (Jane Smith's spouse)", "2000-04-30"],
      ].sort(),
    );
    for (const event of events) expect(event.event.startDate.isDate).toBe(true);

    const birthday = events.find((e) => e.uid.endsWith("-birthday@cardmail") && e.summary.startsWith("Jane"))!;
    expect(birthday.rrule).toBe("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1");
    // February 29 in leap years, the last day of February in the others.
    expect(occurrencesIn(birthday.event, [2026, 2027, 2028])).toEqual(["2026-02-28", "2027-02-28", "2028-02-29"]);
    const child = events.find((e) => e.summary.startsWith("Emma"))!;
    expect(child.rrule).toBe("FREQ=YEARLY");
    expect(occurrencesIn(child.event, [2027, 2028])).toEqual(["2027-03-14", "2028-03-14"]);
    // April has no 31st: its last day, every year.
    const spouse = events.find((e) => e.summary.startsWith("Bob"))!;
    expect(occurrencesIn(spouse.event, [2027])).toEqual(["2027-04-30"]);
  });

  it("keeps every UID and event the same from one fetch to the next", async () => {
    const { url } = (await api.post("/account/calendar-feed", { token: owner.token })).body.data;
    const first = await fetchFeed(url);
    const second = await fetchFeed(url);
    const key = (text: string) => readEvents(text).map((e) => `${e.uid} ${e.start} ${e.rrule} ${e.summary}`);
    expect(key(second.text)).toEqual(key(first.text));
    expect(new Set(key(first.text).map((k) => k.split(" ")[0])).size).toBe(5);
  });

  it("answers an unchanged address book 304 to a calendar app that sends the feed's ETag or date, and the new feed once the book changes", async () => {
    const user = await createUser();
    await api.post("/contacts", { token: user.token, body: { first_name: "Ann", last_name: "Lee", birth_month: 1, birth_day: 2 } });
    const { url } = (await api.post("/account/calendar-feed", { token: user.token })).body.data;
    const first = await fetchFeed(url);
    const etag = first.headers.get("etag")!;
    const lastModified = first.headers.get("last-modified")!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(new Date(lastModified).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const unchanged = await fetchFeed(url, { "if-none-match": etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe("");
    expect(unchanged.headers.get("etag")).toBe(etag);
    expect((await fetchFeed(url, { "if-modified-since": lastModified })).status).toBe(304);
    // fetch() sends Cache-Control: no-cache with any validator: the origin still answers it.
    expect((await fetchFeed(url, { "if-none-match": etag, "cache-control": "no-cache", pragma: "no-cache" })).status).toBe(304);
    expect((await fetchFeed(url, { "if-none-match": '"something else"' })).status).toBe(200);

    await api.post("/contacts", { token: user.token, body: { first_name: "Ben", last_name: "Lee", birth_month: 3, birth_day: 4 } });
    const changed = await fetchFeed(url, { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(readEvents(changed.text).map((event) => event.summary)).toEqual(["Ann Lee's birthday", "Ben Lee's birthday"]);
  });

  it("escapes commas, semicolons and backslashes and folds long lines at 75 octets, whatever the letters", async () => {
    const user = await createUser();
    const name = "Zoë, the; very \\ long-named Ωmega person with ünïcödé 🎉 letters everywhere and more";
    await api.post("/contacts", { token: user.token, body: { first_name: name, last_name: "Smith-Lee", birth_month: 2, birth_day: 29 } });
    const { url } = (await api.post("/account/calendar-feed", { token: user.token })).body.data;
    const feed = await fetchFeed(url);
    for (const line of feed.text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(feed.text).toContain("SUMMARY:Zoë\\, the\\; very \\\\ long-named");
    expect(readEvents(feed.text).map((event) => [event.summary, event.start, event.rrule])).toEqual([[`${name} Smith-Lee's birthday`, "2000-02-29", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1"]]);
  });

  it("writes every contact of a book larger than one page, in name order", async () => {
    const user = await createUser();
    const people = Array.from({ length: FEED_PAGE_SIZE + 20 }, (_, i) => ({ first_name: `P${String(i).padStart(4, "0")}`, last_name: "Page", birth_month: 1 + (i % 12), birth_day: 1 + (i % 28) }));
    for (let i = 0; i < people.length; i += 100) {
      expect((await api.post("/contacts/import", { token: user.token, rawBody: ["first_name,last_name,birth_month,birth_day", ...people.slice(i, i + 100).map((p) => `${p.first_name},${p.last_name},${p.birth_month},${p.birth_day}`)].join("\n"), headers: { "content-type": "text/csv" } })).status).toBe(200);
    }
    const { url } = (await api.post("/account/calendar-feed", { token: user.token })).body.data;
    const feed = await fetchFeed(url);
    expect(feed.status).toBe(200);
    expect(feed.text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(feed.text.endsWith("END:VEVENT\r\nEND:VCALENDAR")).toBe(true);
    expect(readEvents(feed.text).map((event) => event.summary)).toEqual(people.map((p) => `${p.first_name} Page's birthday`));
  });

  it("stores only a hash of the secret; a new URL ends the previous one, and a revoked or unknown feed is 404", async () => {
    const first = (await api.post("/account/calendar-feed", { token: owner.token })).body.data.url as string;
    const secret = first.split("/").pop()!.replace(/\.ics$/, "");
    const [row] = await owner.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, owner.id));
    expect(row!.secretHash).not.toContain(secret);
    expect(row!.secretHash).toMatch(/^[0-9a-f]{64}$/);

    const second = (await api.post("/account/calendar-feed", { token: owner.token })).body.data.url as string;
    expect(second).not.toBe(first);
    const old = await fetchFeed(first);
    expect(old.status).toBe(404);
    expect(old.body).toEqual({ message: "Calendar feed not found" });
    expect((await fetchFeed(second)).status).toBe(200);

    const revoked = await api.delete("/account/calendar-feed", { token: owner.token });
    expect(revoked.status).toBe(204);
    expect((await fetchFeed(second)).status).toBe(404);
    expect((await api.delete("/account/calendar-feed", { token: owner.token })).status).toBe(204);

    expect((await call("GET", "/api/v1/calendar-feeds/not-a-secret.ics")).status).toBe(404);
    expect((await call("GET", `/api/v1/calendar-feeds/${"A".repeat(43)}.ics`)).status).toBe(404);
  });

  it("needs a token to make or revoke a feed, and shows one account's feed only its contacts", async () => {
    expect((await api.post("/account/calendar-feed")).status).toBe(401);
    expect((await api.delete("/account/calendar-feed")).status).toBe(401);
    const other = await createUser();
    const { url } = (await api.post("/account/calendar-feed", { token: other.token })).body.data;
    const feed = await fetchFeed(url);
    expect(feed.status).toBe(200);
    expect(readEvents(feed.text)).toEqual([]);
  });
});
