import "server-only";
import { eq, sql } from "drizzle-orm";
import { users, type NewUser, type User } from "@/db/schema";
import type { ShippingAddress } from "@/lib/address";
import type { ServiceContext } from "@/lib/context";
import { addressWarnings } from "@/lib/contacts/address-warnings";
import { notFound, validationError, type FieldErrors } from "@/lib/errors";
import { updateAccountProfileSchema, type ReminderWindowInput, type UpdateAccountProfileInput, type UpdateAccountSettingsInput, type UpdateShippingAddressInput } from "./schema";

/** The account's own contact as stored: any subset of the profile fields. */
export type AccountProfile = Partial<UpdateAccountProfileInput>;

export type Account = {
  id: number;
  email: string;
  username: string;
  accountType: number;
  creditCents: number;
  /** The uuid of the account's own contact (the return address). */
  contactUuid: string;
  profile: AccountProfile;
  shipping: ShippingAddress | null;
  /** The IANA zone the web app shows the account's times in. */
  timeZone: string;
  /** Days ahead the daily reminder digest looks (7, 14 or 30); null: no digest. */
  reminderDays: number | null;
  createdAt: Date;
  updatedAt: Date;
};

const accountColumns = {
  id: users.id,
  email: users.email,
  username: users.username,
  accountType: users.accountType,
  creditCents: users.creditCents,
  contactUuid: users.contactUuid,
  profile: users.profile,
  shipping: users.shipping,
  timeZone: users.timeZone,
  reminderDays: users.reminderDays,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

type AccountRow = Pick<User, keyof typeof accountColumns>;

const SHIPPING_KEYS = ["name", "company", "address", "apt", "city", "state", "zip", "country"] as const;

/**
 * Keeps the profile fields that still pass today's rules, so a value stored under older
 * rules drops out instead of breaking the account page.
 */
function readProfile(raw: unknown): AccountProfile {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return {};
  const stored = raw as Record<string, unknown>;
  const profile: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(updateAccountProfileSchema.shape)) {
    if (stored[key] === undefined || stored[key] === null) continue;
    const parsed = schema.safeParse(stored[key]);
    if (parsed.success && parsed.data !== null && parsed.data !== undefined) profile[key] = parsed.data;
  }
  return profile as AccountProfile;
}

function readShipping(raw: unknown): ShippingAddress | null {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return null;
  const stored = raw as Record<string, unknown>;
  return Object.fromEntries(SHIPPING_KEYS.map((key) => [key, typeof stored[key] === "string" && stored[key] !== "" ? stored[key] : null])) as ShippingAddress;
}

function toAccount(row: AccountRow): Account {
  return { ...row, profile: readProfile(row.profile), shipping: readShipping(row.shipping) };
}

const accountNotFound = () => notFound("Account not found");

export async function getAccount(ctx: ServiceContext): Promise<Account> {
  const [row] = await ctx.db.select(accountColumns).from(users).where(eq(users.id, ctx.user.id)).limit(1);
  if (!row) throw accountNotFound();
  return toAccount(row);
}

async function saveAccount(
  ctx: ServiceContext,
  changes: Pick<NewUser, "profile"> | Pick<NewUser, "shipping"> | Pick<NewUser, "username" | "timeZone"> | Pick<NewUser, "reminderDays" | "reminderCheckedOn">,
): Promise<Account> {
  const [row] = await ctx.db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, ctx.user.id))
    .returning(accountColumns);
  if (!row) throw accountNotFound();
  return toAccount(row);
}

const POSTAL_PARTS = ["address", "city", "state", "zip", "country"] as const;

/**
 * Why a return address would not bring an undeliverable card back: the checks of a recipient's
 * address (the ZIP exists and lies in the state, a postal code shaped like its country's), and
 * the country written out, since it is printed on every envelope. An account with no postal
 * address at all passes: the account page may clear it, and the web asks again before an order.
 */
export function returnAddressErrors(input: Partial<Record<(typeof POSTAL_PARTS)[number], string | null>>): FieldErrors | null {
  const given = (part: (typeof POSTAL_PARTS)[number]) => (input[part] ?? "").trim() !== "";
  if (!POSTAL_PARTS.some(given)) return null;
  const errors: FieldErrors = {};
  const postal = { address: input.address ?? null, city: input.city ?? null, state: input.state ?? null, zip: input.zip ?? null, country: input.country ?? null };
  for (const warning of addressWarnings(postal)) (errors[warning.field] ??= []).push(warning.message);
  if (!given("country")) (errors.country ??= []).push("Enter a country, like US: it is printed on the envelope");
  return Object.keys(errors).length > 0 ? errors : null;
}

/** Whether the account has a postal address to print as the return address. */
export function hasReturnAddress(profile: AccountProfile): boolean {
  return !!(profile.address && profile.city && profile.zip);
}

/** Replaces the account's own contact (the return address); fields left out are cleared. */
export async function updateAccountProfile(ctx: ServiceContext, input: UpdateAccountProfileInput): Promise<Account> {
  const errors = returnAddressErrors(input);
  if (errors) throw validationError(errors);
  const profile = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined && value !== null));
  return saveAccount(ctx, { profile });
}

/** Replaces the shipping address; optional parts left out are cleared. */
export async function updateShippingAddress(ctx: ServiceContext, input: UpdateShippingAddressInput): Promise<Account> {
  const shipping: ShippingAddress = {
    name: input.name,
    company: input.company ?? null,
    address: input.address,
    apt: input.apt ?? null,
    city: input.city,
    state: input.state,
    zip: input.zip,
    country: input.country,
  };
  return saveAccount(ctx, { shipping });
}

/** Renames the account and sets the time zone its times are shown in. */
export async function updateAccountSettings(ctx: ServiceContext, input: UpdateAccountSettingsInput): Promise<Account> {
  return saveAccount(ctx, { username: input.username, timeZone: input.time_zone });
}

/**
 * The reminder digest's window: "off", or 7, 14 or 30 days ahead. The day counts as not checked
 * yet, so a window turned on or widened is read at the next hourly pass rather than tomorrow (the
 * day's digest is still mailed once: its dedupe key is the account's day).
 */
export async function setReminderWindow(ctx: ServiceContext, input: ReminderWindowInput): Promise<Account> {
  return saveAccount(ctx, { reminderDays: input.reminder_window === "off" ? null : Number(input.reminder_window), reminderCheckedOn: null });
}
