import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { calendarFeeds, contactBookVersions } from "@/db/schema";
import { appOrigin } from "@/lib/config";
import type { ServiceContext } from "@/lib/context";
import type { ContactPageKey } from "@/lib/contacts/export";
import { notFound } from "@/lib/errors";
import { log } from "@/lib/logger";
import { utf8Chunk } from "@/lib/utf8-chunk";
import { readFeedPage, type FeedPageRow } from "./calendar-feed-page";
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

/** A contact's events as written by the database, with any line over 75 octets folded. */
const contactLines = (row: FeedPageRow) => (row.needs_folding ? row.events.split("\r\n").slice(0, -1).map(fold).join("") : row.events);

const FEED_NAME = "Cardmail birthdays and anniversaries";
const END = "END:VCALENDAR";
/** The calendar's lines before its events. */
const FEED_HEADER = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Cardmail//Cardmail//EN", `NAME:${FEED_NAME}`, `X-WR-CALNAME:${FEED_NAME}`, ""].join("\r\n");

/**
 * Contacts read a page at a time, about 200 KB of events from the database as one small string
 * per contact: a page's statement costs 3 to 4 ms, so fewer, larger pages shorten the feed.
 */
export const FEED_PAGE_SIZE = 500;

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
          const rows = await readFeedPage(db, userId, after, FEED_PAGE_SIZE);
          const chunk = utf8Chunk(rows.map(contactLines));
          if (chunk.length > 0) controller.enqueue(chunk);
          const last = rows.length === FEED_PAGE_SIZE ? rows[rows.length - 1]! : undefined;
          after = last ? { lastName: last.last_name, firstName: last.first_name, id: last.id } : null;
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
