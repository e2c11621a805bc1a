import type { ChildRow, ContactRow, PetRow } from "@/db/schema";

export type ChildJson = { first_name: string; birth_month: number | null; birth_day: number | null; birth_year: number | null };
export type PetJson = { name: string; birth_month: number | null; birth_day: number | null; birth_year: number | null; secondary_type: string | null };

export type ContactJson = {
  uuid: string;
  internal_id: string | null;
  prefix: string | null;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  company: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  apt: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
  spouse_prefix: string | null;
  spouse_first_name: string | null;
  spouse_middle_name: string | null;
  spouse_last_name: string | null;
  birth_month: number | null;
  birth_day: number | null;
  birth_year: number | null;
  anniversary_month: number | null;
  anniversary_day: number | null;
  anniversary_year: number | null;
  spouse_birth_month: number | null;
  spouse_birth_day: number | null;
  spouse_birth_year: number | null;
  children: ChildJson[];
  pets: PetJson[];
  notes: string | null;
  created_at: string;
  updated_at: string;
};

export type ContactWithFamily = ContactRow & {
  children: Pick<ChildRow, "firstName" | "birthMonth" | "birthDay" | "birthYear">[];
  pets: Pick<PetRow, "name" | "secondaryType" | "birthMonth" | "birthDay" | "birthYear">[];
};

// Rows from the database already carry Dates, which need no copy (a page of 1,000 has 2,000).
const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The spec's Contact: every field present, unset ones null. */
export function toContactJson(row: ContactWithFamily): ContactJson {
  return {
    uuid: row.id,
    internal_id: row.internalId,
    prefix: row.prefix,
    first_name: row.firstName,
    middle_name: row.middleName,
    last_name: row.lastName,
    company: row.company,
    email: row.email,
    phone: row.phone,
    address: row.address,
    apt: row.apt,
    city: row.city,
    state: row.state,
    zip: row.zip,
    country: row.country,
    spouse_prefix: row.spousePrefix,
    spouse_first_name: row.spouseFirstName,
    spouse_middle_name: row.spouseMiddleName,
    spouse_last_name: row.spouseLastName,
    birth_month: row.birthMonth,
    birth_day: row.birthDay,
    birth_year: row.birthYear,
    anniversary_month: row.anniversaryMonth,
    anniversary_day: row.anniversaryDay,
    anniversary_year: row.anniversaryYear,
    spouse_birth_month: row.spouseBirthMonth,
    spouse_birth_day: row.spouseBirthDay,
    spouse_birth_year: row.spouseBirthYear,
    children: row.children.map((c) => ({ first_name: c.firstName, birth_month: c.birthMonth, birth_day: c.birthDay, birth_year: c.birthYear })),
    pets: row.pets.map((p) => ({ name: p.name, birth_month: p.birthMonth, birth_day: p.birthDay, birth_year: p.birthYear, secondary_type: p.secondaryType })),
    notes: row.notes,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}
