import type { ContactJson } from "@/lib/contacts/mapper";
import type { Account } from "./service";

export type ShippingJson = {
  name: string | null;
  company: string | null;
  address: string | null;
  apt: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
};

export type AccountJson = {
  id: number;
  email: string;
  account_type: number;
  username: string;
  created_at: string;
  updated_at: string;
  contact: ContactJson;
  shipping: ShippingJson;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The account's own contact as a full Contact. Until the user fills it in, the name is the
 * username (last name "") and the email is the account's.
 */
export function toAccountContactJson(account: Account): ContactJson {
  const p = account.profile;
  return {
    uuid: account.contactUuid,
    internal_id: null,
    prefix: p.prefix ?? null,
    first_name: p.first_name ?? account.username,
    middle_name: p.middle_name ?? null,
    last_name: p.last_name ?? "",
    company: p.company ?? null,
    email: p.email ?? account.email,
    phone: p.phone ?? null,
    address: p.address ?? null,
    apt: p.apt ?? null,
    city: p.city ?? null,
    state: p.state ?? null,
    zip: p.zip ?? null,
    country: p.country ?? null,
    spouse_prefix: p.spouse_prefix ?? null,
    spouse_first_name: p.spouse_first_name ?? null,
    spouse_middle_name: p.spouse_middle_name ?? null,
    spouse_last_name: p.spouse_last_name ?? null,
    birth_month: p.birth_month ?? null,
    birth_day: p.birth_day ?? null,
    birth_year: p.birth_year ?? null,
    anniversary_month: p.anniversary_month ?? null,
    anniversary_day: p.anniversary_day ?? null,
    anniversary_year: p.anniversary_year ?? null,
    spouse_birth_month: p.spouse_birth_month ?? null,
    spouse_birth_day: p.spouse_birth_day ?? null,
    spouse_birth_year: p.spouse_birth_year ?? null,
    children: (p.children ?? []).map((c) => ({
      first_name: c.first_name,
      birth_month: c.birth_month ?? null,
      birth_day: c.birth_day ?? null,
      birth_year: c.birth_year ?? null,
    })),
    pets: (p.pets ?? []).map((pet) => ({
      name: pet.name,
      birth_month: pet.birth_month ?? null,
      birth_day: pet.birth_day ?? null,
      birth_year: pet.birth_year ?? null,
      secondary_type: pet.secondary_type ?? null,
    })),
    notes: p.notes ?? null,
    created_at: iso(account.createdAt),
    updated_at: iso(account.updatedAt),
  };
}

/** The spec's Account: every field present; shipping parts null when unset. */
export function toAccountJson(account: Account): AccountJson {
  const s = account.shipping;
  return {
    id: account.id,
    email: account.email,
    account_type: account.accountType,
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
  };
}
