import "server-only";
import { sql } from "drizzle-orm";
import { driverOf, execute, inBatches, type Database } from "@/db/client";
import { contacts } from "@/db/schema";
import type { ContactJson } from "@/lib/contacts/response";
import { isUuid } from "@/lib/ids";
import { eventLoopPacer, nextTurn } from "@/lib/pace";
import type { ImportRow } from "./rows";

/*
 * The user's contacts an import's rows may be: by uuid or internal_id (our own files), else by
 * email (ignoring case) or phone (its last 10 digits), found for the whole file at once.
 */

/** About a few tens of milliseconds of the event loop for a page of contacts' JSON. */
const ROWS_PER_PAGE_ON_PGLITE = 500;

export type Existing = { id: string; internal_id: string | null; json: ContactJson };

export type ExistingContacts = {
  byId: Map<string, Existing>;
  byInternalId: Map<string, Existing>;
  byEmail: Map<string, Existing[]>;
  byPhone: Map<string, Existing[]>;
};

/** An email as matched: trimmed, without case. */
export const emailKey = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim().toLowerCase() : null);
/**
 * A phone's last 10 digits (a country code or trunk prefix aside). A number of fewer than 7 digits
 * (an extension, a placeholder) is too short to tell people apart by itself: it finds a contact
 * only together with the same name (isShortPhoneKey).
 */
export function phoneKey(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const digits = value.replace(/\D/g, "");
  return digits.length >= 3 ? digits.slice(-10) : null;
}

export const isShortPhoneKey = (key: string) => key.length < 7;

/**
 * The user's contacts the rows name by uuid or internal_id, or whose email or phone a row has, in
 * one statement (per batch on PGlite: inBatches).
 */
export async function findExisting(db: Database, userId: number, rows: ImportRow[]): Promise<ExistingContacts> {
  const ids = [...new Set(rows.map((r) => r.uuid).filter((uuid): uuid is string => uuid !== null && isUuid(uuid)).map((uuid) => uuid.toLowerCase()))];
  const internalIds = [...new Set(rows.map((r) => internalIdOf(r)).filter((id): id is string => id !== null))];
  const emails = [...new Set(rows.map((r) => emailKey(r.input.email)).filter((key): key is string => key !== null))];
  const phones = [...new Set(rows.map((r) => phoneKey(r.input.phone)).filter((key): key is string => key !== null))];
  type Key = { id: string } | { internalId: string } | { email: string } | { phone: string };
  const keys: Key[] = [...ids.map((id) => ({ id })), ...internalIds.map((internalId) => ({ internalId })), ...emails.map((email) => ({ email })), ...phones.map((phone) => ({ phone }))];
  const pick = (batch: Key[], name: "id" | "internalId" | "email" | "phone") => JSON.stringify(batch.flatMap((key) => (name in key ? [(key as Record<string, string>)[name]] : [])));
  // A key may name thousands of contacts (a family's shared phone): on PGlite, whose statements hold
  // the event loop, they come a page at a time, in id order.
  const pageSize = driverOf(db) === "pglite" ? ROWS_PER_PAGE_ON_PGLITE : null;
  type Found = { id: string; internal_id: string | null; api_json: string };
  const found = await inBatches(db, keys, async (batch) => {
    const rows: Found[] = [];
    for (let after: string | null = null; ; ) {
      if (after !== null) await nextTurn();
      const page: Found[] = await execute<Found>(
        db,
        sql`select id, internal_id, api_json from ${contacts}
            where user_id = ${userId}
              and (id in (select value::uuid from jsonb_array_elements_text(${pick(batch, "id")}::jsonb))
                or internal_id in (select value from jsonb_array_elements_text(${pick(batch, "internalId")}::jsonb))
                or lower(btrim(email)) in (select value from jsonb_array_elements_text(${pick(batch, "email")}::jsonb))
                or right(regexp_replace(phone, '[^0-9]', '', 'g'), 10) in (select value from jsonb_array_elements_text(${pick(batch, "phone")}::jsonb)))
              ${pageSize === null ? sql`` : sql`and (${after}::uuid is null or id > ${after}::uuid) order by id limit ${pageSize}`}`,
      );
      rows.push(...page);
      if (pageSize === null || page.length < pageSize) return rows;
      after = page[page.length - 1]!.id;
    }
  });
  // Parsed a slice at a time: the JSON of 10,000 contacts is tens of megabytes.
  const pacer = eventLoopPacer();
  const byId = new Map<string, Existing>();
  const byEmail = new Map<string, Existing[]>();
  const byPhone = new Map<string, Existing[]>();
  for (const row of found) {
    if (byId.has(row.id)) continue;
    if (pacer.isDue()) await pacer.pause();
    const contact: Existing = { id: row.id, internal_id: row.internal_id, json: JSON.parse(row.api_json) as ContactJson };
    byId.set(contact.id, contact);
    const email = emailKey(contact.json.email);
    if (email !== null) addTo(byEmail, email, contact);
    const phone = phoneKey(contact.json.phone);
    if (phone !== null) addTo(byPhone, phone, contact);
  }
  const byInternalId = new Map<string, Existing>();
  for (const contact of byId.values()) if (contact.internal_id !== null) byInternalId.set(contact.internal_id, contact);
  return {
    byId,
    byInternalId,
    byEmail,
    byPhone,
  };
}

function addTo(map: Map<string, Existing[]>, key: string, contact: Existing): void {
  const list = map.get(key);
  if (list) list.push(contact);
  else map.set(key, [contact]);
}

export function internalIdOf(row: ImportRow): string | null {
  const value = row.input.internal_id;
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}
