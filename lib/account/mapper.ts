import type { ContactFieldName } from "@/lib/contacts/fields";
import { buildContactJson, type ContactJson } from "@/lib/contacts/mapper";
import type { AccountJson } from "./response";
import type { Account } from "./service";

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The account's own contact as a full Contact. Until the user fills it in, the name is the
 * username (last name "") and the email is the account's; internal_id is never stored.
 */
export function toAccountContactJson(account: Account): ContactJson {
  const profile: Partial<Record<ContactFieldName, unknown>> = account.profile;
  const unset: Partial<Record<ContactFieldName, unknown>> = { first_name: account.username, last_name: "", email: account.email };
  return buildContactJson({
    uuid: account.contactUuid,
    field: (name) => profile[name] ?? unset[name],
    children: (account.profile.children ?? []).map((c) => ({
      first_name: c.first_name,
      birth_month: c.birth_month ?? null,
      birth_day: c.birth_day ?? null,
      birth_year: c.birth_year ?? null,
    })),
    pets: (account.profile.pets ?? []).map((pet) => ({
      name: pet.name,
      birth_month: pet.birth_month ?? null,
      birth_day: pet.birth_day ?? null,
      birth_year: pet.birth_year ?? null,
      secondary_type: pet.secondary_type ?? null,
    })),
    createdAt: account.createdAt,
    updatedAt: account.updatedAt,
  });
}

/** The spec's Account: every field present; shipping parts null when unset. */
export function toAccountJson(account: Account): AccountJson {
  const s = account.shipping;
  return {
    id: account.id,
    email: account.email,
    // users_account_type_check holds the column to 1, 2 and 3.
    account_type: account.accountType as AccountJson["account_type"],
    username: account.username,
    created_at: iso(account.createdAt),
    updated_at: iso(account.updatedAt),
    contact: toAccountContactJson(account),
    shipping: {
      name: s?.name ?? null,
      company: s?.company ?? null,
      address: s?.address ?? null,
      apt: s?.apt ?? null,
      city: s?.city ?? null,
      state: s?.state ?? null,
      zip: s?.zip ?? null,
      country: s?.country ?? null,
    },
    reminder_window: account.reminderDays === 7 || account.reminderDays === 14 || account.reminderDays === 30 ? account.reminderDays : "off",
  };
}
