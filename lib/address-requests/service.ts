import "server-only";
import { and, count, desc, eq, lt, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { addressRequests, addressSubmissions, users } from "@/db/schema";
import { appOrigin } from "@/lib/config";
import type { ServiceContext } from "@/lib/context";
import { isIdPosition, keysetCursor } from "@/lib/cursor";
import { notFound } from "@/lib/errors";
import { toSerialId } from "@/lib/ids";
import { toCursorPage } from "@/lib/paging";
import { parseInput } from "@/lib/validation";
import {
  createAddressRequestSchema,
  listAddressRequestsQuerySchema,
  updateAddressRequestSchema,
  type CreateAddressRequestInput,
  type ListAddressRequestsQuery,
  type UpdateAddressRequestInput,
} from "./schema";
import { hashLinkSecret, isLinkSecret, newLinkSecret, openLinkSecret, sealLinkSecret } from "./secret";

export const ADDRESS_PAGE_PATH = "/address";

export type AddressRequest = {
  id: number;
  url: string | null;
  message: string | null;
  open: boolean;
  submissionsPending: number;
  createdAt: Date;
  updatedAt: Date;
};

export type AddressRequestPage = { requests: AddressRequest[]; nextCursor: string | null };

export const addressRequestNotFound = () => notFound("Address request not found");
/** A link unknown, closed or deleted: the same answer, so a closed one tells nothing. */
export const linkClosed = () => notFound("This link is closed");

export const addressPageUrl = (secret: string) => `${appOrigin()}${ADDRESS_PAGE_PATH}/${secret}`;

// Written out whole: drizzle leaves a selected column's table off, which the subquery would read as its own.
const pending = sql<number>`(select count(*)::int from address_submissions s where s.request_id = address_requests.id and s.user_id = address_requests.user_id and s.status = 'pending')`;

const columns = {
  id: addressRequests.id,
  sealedSecret: addressRequests.sealedSecret,
  message: addressRequests.message,
  open: addressRequests.open,
  submissionsPending: pending,
  createdAt: addressRequests.createdAt,
  updatedAt: addressRequests.updatedAt,
};

type Row = { id: number; sealedSecret: string; message: string | null; open: boolean; submissionsPending: number; createdAt: Date; updatedAt: Date };

function asRequest({ sealedSecret, ...row }: Row): AddressRequest {
  const secret = openLinkSecret(row.id, sealedSecret);
  return { ...row, submissionsPending: Number(row.submissionsPending), url: secret ? addressPageUrl(secret) : null };
}

/** A link as a path names it: anything that cannot be an id is not found. */
export const toRequestId = (value: number | string) => toSerialId(value, addressRequestNotFound);

/** A new open link with its own secret. */
export async function createAddressRequest(ctx: ServiceContext, input: CreateAddressRequestInput): Promise<AddressRequest> {
  const data = parseInput(createAddressRequestSchema, input);
  const secret = newLinkSecret();
  return ctx.db.transaction(async (tx) => {
    // The seal is bound to the row's id, which the insert gives.
    const [inserted] = await tx
      .insert(addressRequests)
      .values({ userId: ctx.user.id, secretHash: hashLinkSecret(secret), sealedSecret: "", message: data.message ?? null })
      .returning({ id: addressRequests.id });
    await tx.update(addressRequests).set({ sealedSecret: sealLinkSecret(inserted!.id, secret) }).where(eq(addressRequests.id, inserted!.id));
    return getAddressRequest({ db: tx, user: ctx.user }, inserted!.id);
  });
}

const requestsCursor = keysetCursor("address-requests", isIdPosition);

/** The user's links, newest first, a page at a time. */
export async function listAddressRequests(ctx: ServiceContext, input: Partial<ListAddressRequestsQuery> = {}): Promise<AddressRequestPage> {
  const query = parseInput(listAddressRequestsQuerySchema, input);
  const after = requestsCursor.decode(ctx, query.cursor);
  const rows = await ctx.db
    .select(columns)
    .from(addressRequests)
    .where(and(eq(addressRequests.userId, ctx.user.id), after ? lt(addressRequests.id, after.id) : undefined))
    .orderBy(desc(addressRequests.id))
    .limit(query.per_page + 1);
  const page = toCursorPage(rows, query.per_page, (last) => requestsCursor.encode(ctx, { id: last.id }));
  return { requests: page.items.map(asRequest), nextCursor: page.nextCursor };
}

/** One of the user's links; unknown or another user's is a 404 `Address request not found`. */
export async function getAddressRequest(ctx: ServiceContext, requestId: number | string): Promise<AddressRequest> {
  const id = toRequestId(requestId);
  const [row] = await ctx.db
    .select(columns)
    .from(addressRequests)
    .where(and(eq(addressRequests.id, id), eq(addressRequests.userId, ctx.user.id)));
  if (!row) throw addressRequestNotFound();
  return asRequest(row);
}

/** Changes the message (null or "" clears it) and opens or closes the link. */
export async function updateAddressRequest(ctx: ServiceContext, requestId: number | string, input: UpdateAddressRequestInput): Promise<AddressRequest> {
  const id = toRequestId(requestId);
  const data = parseInput(updateAddressRequestSchema, input);
  const [row] = await ctx.db
    .update(addressRequests)
    .set({
      ...(data.message !== undefined && { message: data.message }),
      ...(data.open !== undefined && { open: data.open }),
      updatedAt: sql`now()`,
    })
    .where(and(eq(addressRequests.id, id), eq(addressRequests.userId, ctx.user.id)))
    .returning({ id: addressRequests.id });
  if (!row) throw addressRequestNotFound();
  return getAddressRequest(ctx, id);
}

/** Deletes the link and what was sent through it; contacts already accepted stay. */
export async function deleteAddressRequest(ctx: ServiceContext, requestId: number | string): Promise<void> {
  const id = toRequestId(requestId);
  const deleted = await ctx.db
    .delete(addressRequests)
    .where(and(eq(addressRequests.id, id), eq(addressRequests.userId, ctx.user.id)))
    .returning({ id: addressRequests.id });
  if (deleted.length === 0) throw addressRequestNotFound();
}

/** Submissions waiting for the user's decision, over every link: the "new addresses to review" note. */
export async function countPendingSubmissions(ctx: ServiceContext): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(addressSubmissions)
    .where(and(eq(addressSubmissions.userId, ctx.user.id), eq(addressSubmissions.status, "pending")));
  return Number(row?.n ?? 0);
}

/** What the public page shows: whose link it is and what it says. */
export type OpenLink = { id: number; userId: number; ownerName: string; message: string | null };

/**
 * The open link a secret names, with its owner's name (the return address's, else the account's
 * display name; never the email); unknown, closed or deleted: 404 `This link is closed`.
 * With `lock`, the link's row stays locked until the transaction ends.
 */
export async function findOpenLink(db: Database, secret: string, options: { lock?: boolean } = {}): Promise<OpenLink> {
  if (!isLinkSecret(secret)) throw linkClosed();
  const query = db
    .select({ id: addressRequests.id, userId: addressRequests.userId, open: addressRequests.open, message: addressRequests.message, username: users.username, profile: users.profile, deletedAt: users.deletedAt })
    .from(addressRequests)
    .innerJoin(users, eq(users.id, addressRequests.userId))
    .where(eq(addressRequests.secretHash, hashLinkSecret(secret)));
  const [row] = options.lock ? await query.for("update", { of: addressRequests }) : await query;
  if (!row || !row.open || row.deletedAt) throw linkClosed();
  const profileName = [row.profile.first_name, row.profile.last_name].filter((part) => typeof part === "string" && part.trim() !== "").join(" ");
  return { id: row.id, userId: row.userId, ownerName: profileName || row.username, message: row.message };
}
