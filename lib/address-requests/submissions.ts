import "server-only";
import { and, asc, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { addressSubmissions, contacts, type AddressSubmissionStatus } from "@/db/schema";
import { keyedHash } from "@/lib/auth/keyed-hash";
import type { ServiceContext } from "@/lib/context";
import { addressWarnings } from "@/lib/contacts/address-warnings";
import type { ContactWithFamily } from "@/lib/contacts/mapper";
import { findContactsWithFamily } from "@/lib/contacts/queries";
import { createContact, updateContact } from "@/lib/contacts/service";
import { isIdPosition, keysetCursor } from "@/lib/cursor";
import { AppError, notFound, validationError, type FieldErrors } from "@/lib/errors";
import { toSerialId } from "@/lib/ids";
import { toCursorPage } from "@/lib/paging";
import { checkInput, parseInput } from "@/lib/validation";
import { recordWebhookEvent } from "@/lib/webhooks/outbox";
import { contactFills, type SubmittedContact, toSubmittedContact } from "./fills";
import {
  addressSubmissionSchema,
  HONEYPOT_FIELD,
  listSubmissionsQuerySchema,
  SUBMISSIONS_PER_CLIENT_PER_HOUR,
  SUBMISSIONS_PER_LINK,
  type ListSubmissionsQuery,
} from "./schema";
import { findOpenLink, getAddressRequest } from "./service";

export type AddressSubmission = {
  id: number;
  requestId: number;
  status: AddressSubmissionStatus;
  submitted: SubmittedContact;
  /** For a pending one: the contact with the same email and the fields accepting would fill. */
  match: { contactId: string; contactName: string; fills: string[] } | null;
  contactId: string | null;
  createdAt: Date;
  decidedAt: Date | null;
};

const submissionNotFound = () => notFound("Submission not found");

const CLIENT_WINDOW_SECONDS = 60 * 60;
/** A full link stays full: a day is as good a time as any to come back (or ask its owner). */
const FULL_LINK_RETRY_SECONDS = 24 * 60 * 60;

/** Whether the hidden field came filled: a robot's form, answered as if kept. */
export function isHoneypotFilled(body: unknown): boolean {
  if (typeof body !== "object" || body === null) return false;
  const value = (body as Record<string, unknown>)[HONEYPOT_FIELD];
  return value !== undefined && value !== null && value !== "" && value !== false;
}

/**
 * The Contact's rules and the address checks recipients get, as 422s on their fields: both at
 * once, so a form comes back with every problem, not one round at a time.
 */
export function parseSubmission(input: unknown): SubmittedContact {
  const checked = checkInput(addressSubmissionSchema, input);
  const errors: FieldErrors = checked.ok ? {} : { ...checked.errors };
  const given = (checked.ok ? checked.data : typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
  const text = (field: string) => (typeof given[field] === "string" ? (given[field] as string) : null);
  const postal = { address: text("address"), city: text("city"), state: text("state"), zip: text("zip"), country: text("country") };
  // A field the schema refused already (missing, too long) needs no second word about it.
  const refused = new Set(Object.keys(errors));
  for (const warning of addressWarnings(postal)) if (!refused.has(warning.field)) (errors[warning.field] ??= []).push(`${warning.message}.`);
  if (!checked.ok || Object.keys(errors).length > 0) throw validationError(errors);
  return toSubmittedContact(checked.data);
}

/**
 * A friend's answer through the link `secret`: validated as a contact is (422), kept for the
 * owner (no contact changes), and a `contact.submitted` event for the owner's endpoints. A link
 * unknown, closed or deleted is a 404; past its 200 submissions, or the client's 10 in the last
 * hour, a 429 with the seconds to wait. A filled honeypot is answered the same and keeps nothing.
 */
export async function submitAddress(db: Database, secret: string, body: unknown, clientIp: string): Promise<void> {
  await findOpenLink(db, secret);
  if (isHoneypotFilled(body)) return;
  const submitted = parseSubmission(body);
  const clientHash = keyedHash("address-submission-client", clientIp);
  await db.transaction(async (tx) => {
    // The client's lock, then the link's row: always in this order, so two can't deadlock, and
    // concurrent submissions count one after the other on every instance.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`address-submission-from:${clientHash}`}))`);
    const link = await findOpenLink(tx, secret, { lock: true });
    const [counts] = await tx
      .select({
        onLink: sql<number>`count(*) filter (where ${addressSubmissions.requestId} = ${link.id})::int`,
        fromClient: sql<number>`count(*) filter (where ${addressSubmissions.clientHash} = ${clientHash} and ${addressSubmissions.createdAt} > now() - make_interval(secs => ${CLIENT_WINDOW_SECONDS}))::int`,
        retryAfter: sql<number | null>`ceil(extract(epoch from min(${addressSubmissions.createdAt}) filter (where ${addressSubmissions.clientHash} = ${clientHash} and ${addressSubmissions.createdAt} > now() - make_interval(secs => ${CLIENT_WINDOW_SECONDS})) + make_interval(secs => ${CLIENT_WINDOW_SECONDS}) - now()))::int`,
      })
      .from(addressSubmissions)
      .where(
        sql`${addressSubmissions.requestId} = ${link.id} or (${addressSubmissions.clientHash} = ${clientHash} and ${addressSubmissions.createdAt} > now() - make_interval(secs => ${CLIENT_WINDOW_SECONDS}))`,
      );
    if (Number(counts?.onLink ?? 0) >= SUBMISSIONS_PER_LINK) {
      throw new AppError("too_many_requests", "This link has taken as many addresses as it can.", { retryAfterSeconds: FULL_LINK_RETRY_SECONDS });
    }
    if (Number(counts?.fromClient ?? 0) >= SUBMISSIONS_PER_CLIENT_PER_HOUR) {
      const wait = Math.max(1, Number(counts?.retryAfter ?? CLIENT_WINDOW_SECONDS));
      const minutes = Math.ceil(wait / 60);
      throw new AppError("too_many_requests", `Too many addresses sent from here. Please try again in ${minutes === 1 ? "a minute" : `${minutes} minutes`}.`, {
        retryAfterSeconds: wait,
      });
    }
    const [row] = await tx
      .insert(addressSubmissions)
      .values({ requestId: link.id, userId: link.userId, payload: submitted, clientHash })
      .returning({ id: addressSubmissions.id });
    await recordWebhookEvent(tx, { userId: link.userId, type: "contact.submitted", data: { address_request_id: link.id, submission_id: row!.id } });
  });
}

const columns = {
  id: addressSubmissions.id,
  requestId: addressSubmissions.requestId,
  status: addressSubmissions.status,
  payload: addressSubmissions.payload,
  contactId: addressSubmissions.contactId,
  createdAt: addressSubmissions.createdAt,
  decidedAt: addressSubmissions.decidedAt,
};
type Row = { id: number; requestId: number; status: string; payload: Record<string, unknown>; contactId: string | null; createdAt: Date; decidedAt: Date | null };

const emailKey = (email: string) => email.trim().toLowerCase();

/** The user's contacts with these emails (ignoring case), the oldest of each email first. */
async function contactsByEmail(db: Database, userId: number, emails: string[]): Promise<Map<string, ContactWithFamily>> {
  const keys = [...new Set(emails.map(emailKey))];
  const found = new Map<string, ContactWithFamily>();
  if (keys.length === 0) return found;
  const rows = await findContactsWithFamily(db, userId, {
    where: inArray(sql`lower(btrim(${contacts.email}))`, keys),
    orderBy: [asc(contacts.createdAt), asc(contacts.id)],
  });
  for (const row of rows) if (row.email && !found.has(emailKey(row.email))) found.set(emailKey(row.email), row);
  return found;
}

async function withMatches(db: Database, userId: number, rows: Row[]): Promise<AddressSubmission[]> {
  const pendingEmails = rows.filter((r) => r.status === "pending").flatMap((r) => (typeof r.payload.email === "string" ? [r.payload.email] : []));
  const byEmail = await contactsByEmail(db, userId, pendingEmails);
  return rows.map((row) => {
    const submitted = toSubmittedContact(row.payload);
    const contact = row.status === "pending" && submitted.email ? byEmail.get(emailKey(submitted.email)) : undefined;
    return {
      id: row.id,
      requestId: row.requestId,
      status: row.status as AddressSubmissionStatus,
      submitted,
      match: contact ? { contactId: contact.id, contactName: `${contact.firstName} ${contact.lastName}`, fills: Object.keys(contactFills(contact, submitted)) } : null,
      contactId: row.contactId,
      createdAt: row.createdAt,
      decidedAt: row.decidedAt,
    };
  });
}

const submissionsCursor = (requestId: number) => keysetCursor(`address-submissions:${requestId}`, isIdPosition);

/** A link's submissions, newest first, a page at a time; `status` keeps those in that state. */
export async function listSubmissions(
  ctx: ServiceContext,
  requestId: number | string,
  input: Partial<ListSubmissionsQuery> = {},
): Promise<{ submissions: AddressSubmission[]; nextCursor: string | null }> {
  const request = await getAddressRequest(ctx, requestId);
  const query = parseInput(listSubmissionsQuerySchema, input);
  const cursor = submissionsCursor(request.id);
  const after = cursor.decode(ctx, query.cursor);
  const rows = await ctx.db
    .select(columns)
    .from(addressSubmissions)
    .where(
      and(
        eq(addressSubmissions.requestId, request.id),
        eq(addressSubmissions.userId, ctx.user.id),
        query.status ? eq(addressSubmissions.status, query.status) : undefined,
        after ? lt(addressSubmissions.id, after.id) : undefined,
      ),
    )
    .orderBy(desc(addressSubmissions.id))
    .limit(query.per_page + 1);
  const page = toCursorPage(rows, query.per_page, (last) => cursor.encode(ctx, { id: last.id }));
  return { submissions: await withMatches(ctx.db, ctx.user.id, page.items), nextCursor: page.nextCursor };
}

/** The submission, locked until the transaction ends; 404 unless it came through the user's link. */
async function lockSubmission(tx: Database, ctx: ServiceContext, requestId: number | string, submissionId: number | string): Promise<Row> {
  const request = await getAddressRequest({ db: tx, user: ctx.user }, requestId);
  const id = toSerialId(submissionId, submissionNotFound);
  const [row] = await tx
    .select(columns)
    .from(addressSubmissions)
    .where(and(eq(addressSubmissions.id, id), eq(addressSubmissions.requestId, request.id), eq(addressSubmissions.userId, ctx.user.id)))
    .for("update");
  if (!row) throw submissionNotFound();
  if (row.status !== "pending") throw new AppError("conflict", `The submission has already been ${row.status}.`);
  return row;
}

async function readSubmission(db: Database, userId: number, id: number): Promise<AddressSubmission> {
  const rows = await db.select(columns).from(addressSubmissions).where(and(eq(addressSubmissions.id, id), eq(addressSubmissions.userId, userId)));
  const [submission] = await withMatches(db, userId, rows);
  return submission!;
}

/**
 * Accepts a pending submission: fills the empty parts of the user's contact with the same email
 * (the oldest, if several), or creates a contact, with the address book's own rules; a decided
 * one is a 409.
 */
export async function acceptSubmission(
  ctx: ServiceContext,
  requestId: number | string,
  submissionId: number | string,
): Promise<{ submission: AddressSubmission; contact: ContactWithFamily }> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockSubmission(tx, ctx, requestId, submissionId);
    const scoped = { db: tx, user: ctx.user };
    const submitted = toSubmittedContact(row.payload);
    const match = submitted.email ? (await contactsByEmail(tx, ctx.user.id, [submitted.email])).get(emailKey(submitted.email)) : undefined;
    let contact: ContactWithFamily;
    if (match) {
      const fills = contactFills(match, submitted);
      contact = Object.keys(fills).length > 0 ? await updateContact(scoped, match.id, fills) : match;
    } else {
      const { children, ...fields } = submitted;
      contact = await createContact(scoped, { ...fields, children });
    }
    await tx
      .update(addressSubmissions)
      .set({ status: "accepted", decidedAt: sql`now()`, contactId: contact.id })
      .where(eq(addressSubmissions.id, row.id));
    return { submission: await readSubmission(tx, ctx.user.id, row.id), contact };
  });
}

/** Rejects a pending submission: no contact changes; a decided one is a 409. */
export async function rejectSubmission(ctx: ServiceContext, requestId: number | string, submissionId: number | string): Promise<AddressSubmission> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockSubmission(tx, ctx, requestId, submissionId);
    await tx.update(addressSubmissions).set({ status: "rejected", decidedAt: sql`now()` }).where(eq(addressSubmissions.id, row.id));
    return readSubmission(tx, ctx.user.id, row.id);
  });
}

/** The ids of a link's pending submissions, oldest first: what "accept all" or "reject all" decides. */
export async function pendingSubmissionIds(ctx: ServiceContext, requestId: number | string): Promise<number[]> {
  const request = await getAddressRequest(ctx, requestId);
  const rows = await ctx.db
    .select({ id: addressSubmissions.id })
    .from(addressSubmissions)
    .where(and(eq(addressSubmissions.requestId, request.id), eq(addressSubmissions.userId, ctx.user.id), eq(addressSubmissions.status, "pending")))
    .orderBy(asc(addressSubmissions.id));
  return rows.map((row) => row.id);
}
