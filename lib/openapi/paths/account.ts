import * as examples from "../examples";
import { z } from "zod";
import { error, json, type Operation } from "../operations";
import * as responses from "../responses";

const getAccount: Operation = {
  method: "get",
  path: "/account",
  operationId: "getAccount",
  tags: ["Account"],
  summary: "The current user's account",
  description:
    "The account of the token's user, unwrapped (no `data`): `account_type` 1 personal, 2 business, 3 admin; `contact` is the account's own contact, the return address printed on cards; `shipping` is where boxed orders go, every part null until set.",
  responses: { 200: { description: "The account.", content: json(responses.accountResponse, examples.accountExample) } },
};

const createCalendarFeed: Operation = {
  method: "post",
  path: "/account/calendar-feed",
  operationId: "createCalendarFeed",
  tags: ["Account"],
  summary: "A new calendar feed URL",
  extension: true,
  description:
    "makes a new secret URL for the account's calendar feed and answers it (absolute, under the service's `APP_URL`); the previous URL, if any, stops working (404). Only a hash of the secret is kept, so the URL can't be shown again: call this again for a new one. Subscribe to it in a calendar app (as `webcal://` or `https://`); see `GET /calendar-feeds/{feed}`.",
  responses: { 201: { description: "The new feed URL.", content: json(responses.calendarFeedResponse, examples.calendarFeedExample) } },
};

const revokeCalendarFeed: Operation = {
  method: "delete",
  path: "/account/calendar-feed",
  operationId: "revokeCalendarFeed",
  tags: ["Account"],
  summary: "Revoke the calendar feed",
  extension: true,
  description: "ends the account's calendar feed: its URL answers 404 from then on. 204 also when there was none.",
  responses: { 204: { description: "Revoked. No body." } },
};

const getCalendarFeed: Operation = {
  method: "get",
  path: "/calendar-feeds/{feed}",
  operationId: "getCalendarFeed",
  tags: ["Account"],
  summary: "An account's calendar feed (iCalendar)",
  extension: true,
  public: true,
  description: [
    "the URL `POST /account/calendar-feed` answers, which calendar apps fetch without a token: the secret in the URL is the credential.",
    "",
    "- One all-day event, recurring yearly, per birthday, anniversary, spouse's birthday, child's birthday and pet's birthday that has a month and a day; it starts in the known year, or 2000.",
    "- February 29 (and any day past the end of its month) falls on the month's last day in years without it: `RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1`.",
    "- Each event's `UID` stays the same from fetch to fetch: `<contact uuid>-birthday@cardmail`, `-anniversary`, `-spouse-birthday`, `-child-<n>-birthday`, `-pet-<n>-birthday` (n counts from 1 in the contact's order).",
    "- The answer carries `ETag` and `Last-Modified`, which change with any write of the address book. A fetch with `If-None-Match` (or, without it, `If-Modified-Since`) of an unchanged book is a `304` with no body; the feed is written as it is read, a page of contacts at a time, whatever the size of the book.",
  ].join("\n"),
  request: {
    params: z.object({
      feed: z.string().meta({ description: "The last segment of the feed URL: its secret followed by `.ics`.", example: "q3J0c2VjcmV0LWZlZWQtdG9rZW4tZXhhbXBsZS12YWx1.ics" }),
    }),
  },
  responses: {
    200: {
      description: "The feed.",
      headers: z.object({ ETag: z.string().meta({ description: "Changes with any write of the address book." }), "Last-Modified": z.string().meta({ description: "When the address book last changed (HTTP date)." }) }),
      content: { "text/calendar": { schema: z.string().meta({ example: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n...\r\nBEGIN:VEVENT\r\nUID:6f1c2b7e-8a43-4f3e-9a51-2d0c6b1e4a10-birthday@cardmail\r\nDTSTART;VALUE=DATE:20000229\r\nRRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1\r\nSUMMARY:Jane Smith's birthday\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n" }) } },
    },
    304: {
      description: "The address book has not changed since the `ETag` sent in `If-None-Match` (or the date in `If-Modified-Since`). No body.",
      headers: z.object({ ETag: z.string().meta({ description: "The same as the 200 answered." }), "Last-Modified": z.string().meta({ description: "When the address book last changed (HTTP date)." }) }),
    },
    404: error("An unknown or revoked feed", { feedNotFound: "Calendar feed not found" }),
  },
};

export const accountOperations: Operation[] = [getAccount, createCalendarFeed, revokeCalendarFeed, getCalendarFeed];
