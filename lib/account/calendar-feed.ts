import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { calendarFeeds, contactBookVersions } from "@/db/schema";
import { appOrigin } from "@/lib/config";
import type { ServiceContext } from "@/lib/context";
import { readContactPage, type ContactPageKey } from "@/lib/contacts/export";
import type { ContactJson } from "@/lib/contacts/response";
import { notFound } from "@/lib/errors";
import { log } from "@/lib/logger";
import type { CalendarFeedJson } from "./response";

/*
 * An account's calendar feed: a secret URL that calendar apps subscribe to without a token
 * (they send none), answering the birthdays and anniversaries of the address book as yearly
 * all-day events. Only the secret's SHA-256 is stored; the URL is shown once, when it is made.
 * Making a new one replaces the row, so the previous URL answers 404 from then on.
 */

export const FEED_PATH = "/api/v1/calendar-feeds";
const SECRET_BYTES = 32;
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const feedNotFound = () => notFound("Calendar feed not found");

const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

export function calendarFeedUrl(secret: string): string {
  return `${appOrigin()}${FEED_PATH}/${secret}.ics`;
}

/** A new feed URL for the account; the previous one stops working. */
export async function createCalendarFeed(ctx: ServiceContext): Promise<CalendarFeedJson> {
  const secret = randomBytes(SECRET_BYTES).toString("base64url");
  const secretHash = hashSecret(secret);
  await ctx.db
    .insert(calendarFeeds)
    .values({ userId: ctx.user.id, secretHash })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { secretHash, createdAt: new Date() } });
  return { url: calendarFeedUrl(secret) };
}

/** Ends the account's feed, if it has one. */
export async function revokeCalendarFeed(ctx: ServiceContext): Promise<void> {
  await ctx.db.delete(calendarFeeds).where(eq(calendarFeeds.userId, ctx.user.id));
}

/** When the account's current feed was made, or null without one (the URL itself can't be shown again). */
export async function calendarFeedCreatedAt(ctx: ServiceContext): Promise<Date | null> {
  const [row] = await ctx.db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, ctx.user.id)).limit(1);
  return row?.createdAt ?? null;
}

/**
 * The account a feed's last path segment (`<secret>.ics`, or the bare secret) belongs to, with
 * its book's version and when it changed (none for a book never written); 404 otherwise.
 */
async function feedOwner(db: Database, segment: string): Promise<{ userId: number; createdAt: Date; version: number | null; changedAt: Date | null }> {
  const secret = segment.replace(/\.ics$/, "");
  if (!SECRET_PATTERN.test(secret)) throw feedNotFound();
  const [row] = await db
    .select({ userId: calendarFeeds.userId, createdAt: calendarFeeds.createdAt, version: contactBookVersions.version, changedAt: contactBookVersions.changedAt })
    .from(calendarFeeds)
    .leftJoin(contactBookVersions, eq(contactBookVersions.userId, calendarFeeds.userId))
    .where(eq(calendarFeeds.secretHash, hashSecret(secret)))
    .limit(1);
  if (!row) throw feedNotFound();
  return row;
}

const daysIn = (month: number, year: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (n: number) => String(n).padStart(2, "0");
/** A leap year, so February 29 exists when no year is known. */
const BASE_YEAR = 2000;
const COMMON_YEAR = 2001;

type FeedEvent = { id: string; summary: string; month: number | null; day: number | null; year: number | null };

/** RFC 5545 TEXT: backslash, semicolon, comma and line breaks escaped. */
const escapeText = (text: string) => text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, "\\n");

/** A content line folded at 75 octets, as RFC 5545 asks: each further line starts with a space. */
function fold(line: string): string {
  if (Buffer.byteLength(line) <= 75) return `${line}\r\n`;
  let folded = "";
  let current = "";
  let size = 0;
  let limit = 75;
  for (const char of line) {
    const bytes = Buffer.byteLength(char);
    if (size + bytes > limit) {
      folded += `${current}\r\n `;
      current = "";
      size = 0;
      limit = 74;
    }
    current += char;
    size += bytes;
  }
  return `${folded}${current}\r\n`;
}

/**
 * An all-day event every year from the known year (or 2000). A day past the end of its month
 * (February 29, or a 31st where the month has 30) falls on the month's last day every year,
 * as the calendar page shows it: BYMONTH=m;BYMONTHDAY=-1. Written by hand rather than with
 * ical-generator, which took 32 s for the 180,000 events of a 100,000-contact book.
 */
function yearlyEvent(event: FeedEvent, stamp: string): string {
  const { month, day } = event;
  if (month === null || day === null) return "";
  const lastDay = day > daysIn(month, COMMON_YEAR);
  const startYear = event.year !== null && day <= daysIn(month, event.year) ? event.year : BASE_YEAR;
  const startDay = Math.min(day, daysIn(month, startYear));
  return [
    "BEGIN:VEVENT\r\n",
    fold(`UID:${escapeText(event.id)}`),
    `DTSTAMP:${stamp.replace(/[-:]/g, "").replace(/\.\d+/, "")}\r\n`,
    `DTSTART;VALUE=DATE:${String(startYear).padStart(4, "0")}${pad(month)}${pad(startDay)}\r\n`,
    "X-MICROSOFT-CDO-ALLDAYEVENT:TRUE\r\n",
    lastDay ? `RRULE:FREQ=YEARLY;BYMONTH=${month};BYMONTHDAY=-1\r\n` : "RRULE:FREQ=YEARLY\r\n",
    fold(`SUMMARY:${escapeText(event.summary)}`),
    "END:VEVENT\r\n",
  ].join("");
}

const fullName = (...parts: (string | null)[]) => parts.filter((part) => part && part.trim() !== "").join(" ");

/** The dated events of one contact, each with a UID that stays the same from fetch to fetch. */
function contactEvents(contact: ContactJson): FeedEvent[] {
  const name = fullName(contact.first_name, contact.last_name);
  const uid = (what: string) => `${contact.uuid}-${what}@cardmail`;
  const events: FeedEvent[] = [
    { id: uid("birthday"), summary: `${name}'s birthday`, month: contact.birth_month, day: contact.birth_day, year: contact.birth_year },
    { id: uid("anniversary"), summary: `${name}'s anniversary`, month: contact.anniversary_month, day: contact.anniversary_day, year: contact.anniversary_year },
  ];
  const spouse = contact.spouse_first_name ? fullName(contact.spouse_first_name, contact.spouse_last_name ?? contact.last_name) : null;
  events.push({
    id: uid("spouse-birthday"),
    summary: spouse ? `${spouse}'s birthday (${name}'s spouse)` : `${name}'s spouse's birthday`,
    month: contact.spouse_birth_month,
    day: contact.spouse_birth_day,
    year: contact.spouse_birth_year,
  });
  contact.children.forEach((child, i) => {
    events.push({ id: uid(`child-${i + 1}-birthday`), summary: `${child.first_name}'s birthday (${name}'s child)`, month: child.birth_month, day: child.birth_day, year: child.birth_year });
  });
  contact.pets.forEach((pet, i) => {
    events.push({ id: uid(`pet-${i + 1}-birthday`), summary: `${pet.name}'s birthday (${name}'s ${pet.secondary_type ?? "pet"})`, month: pet.birth_month, day: pet.birth_day, year: pet.birth_year });
  });
  return events;
}

const FEED_NAME = "Cardmail birthdays and anniversaries";
const END = "END:VCALENDAR";
/** The calendar's lines before its events. */
const FEED_HEADER = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Cardmail//Cardmail//EN", `NAME:${FEED_NAME}`, `X-WR-CALNAME:${FEED_NAME}`, ""].join("\r\n");

/** The VEVENT lines of a page of contacts. */
function eventLines(batch: ContactJson[]): string {
  let lines = "";
  for (const contact of batch) for (const event of contactEvents(contact)) lines += yearlyEvent(event, contact.updated_at);
  return lines;
}

/** Contacts read a page at a time: about 60 KB from the database (export.ts has the measures). */
const FEED_PAGE_SIZE = 100;

export type CalendarFeed = {
  /** Changes with the address book, whatever wrote it; the same for every fetch of one version. */
  etag: string;
  /** When the address book last changed (the feed's creation, for an empty one). */
  lastModified: Date;
  /** The iCalendar text, written as it is read from the database, a page of contacts at a time. */
  body(): ReadableStream<Uint8Array>;
};

/**
 * The feed of the account the secret belongs to; 404 for an unknown or revoked secret. Its
 * validators come from the book's version (contact_book_versions, bumped by every write of the
 * book's contacts, children and pets), read with the secret in one query, so an unchanged book
 * is a 304 without reading a contact.
 */
export async function calendarFeed(db: Database, segment: string): Promise<CalendarFeed> {
  const { userId, createdAt, version, changedAt } = await feedOwner(db, segment);
  const etag = `"${createHash("sha256").update(`${userId}:${version ?? 0}`).digest("base64url").slice(0, 22)}"`;
  return { etag, lastModified: changedAt ?? createdAt, body: () => feedStream(db, userId) };
}

function feedStream(db: Database, userId: number): ReadableStream<Uint8Array> {
  // Only the key of the next page is kept between pulls, as the export does.
  let after: ContactPageKey | null = null;
  let isDone = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(Buffer.from(FEED_HEADER, "utf8"));
      },
      async pull(controller) {
        if (isDone) return;
        try {
          const page = await readContactPage(db, userId, after, FEED_PAGE_SIZE);
          const batch = page.jsonTexts.map((text) => JSON.parse(text) as ContactJson);
          if (batch.length > 0) controller.enqueue(Buffer.from(eventLines(batch), "utf8"));
          after = page.next;
          if (!after) {
            isDone = true;
            controller.enqueue(Buffer.from(END, "utf8"));
            controller.close();
          }
        } catch (error) {
          log("account").error({ err: error }, "Calendar feed failed");
          controller.error(error);
        }
      },
    },
    { highWaterMark: 1 },
  );
}

/** The whole feed as text (tests and scripts; the route streams it). */
export async function calendarFeedText(db: Database, segment: string): Promise<string> {
  return new Response((await calendarFeed(db, segment)).body()).text();
}
