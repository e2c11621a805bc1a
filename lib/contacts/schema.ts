import { z } from "zod";
import { optionalText, queryInt, requiredText } from "@/lib/validation";

/** Integers from JSON numbers or integer strings (CSV, forms); "" and null mean unset. */
function optionalInt(min: number, max: number) {
  return z.preprocess(
    (value) => {
      if (value === "" || value === null) return null;
      if (typeof value === "string" && /^\s*-?\d+\s*$/.test(value)) return Number(value);
      return value;
    },
    z.number().int().min(min).max(max).nullable().optional(),
  );
}

export const month = () => optionalInt(1, 12);
export const day = () => optionalInt(1, 31);
export const year = () => optionalInt(1800, 9999);

const optionalEmail = z.preprocess(
  (value) => (typeof value === "string" ? (value.trim() === "" ? null : value.trim()) : value),
  z.email().max(255).nullable().optional(),
);

export const childSchema = z.object({
  first_name: requiredText(100),
  birth_month: month(),
  birth_day: day(),
  birth_year: year(),
});
export type ChildInput = z.infer<typeof childSchema>;

export const petSchema = z.object({
  name: requiredText(100),
  secondary_type: optionalText(100),
  birth_month: month(),
  birth_day: day(),
  birth_year: year(),
});
export type PetInput = z.infer<typeof petSchema>;

export const MAX_CHILDREN = 20;
export const MAX_PETS = 20;

/** Every writable Contact field except the two required names. */
export const contactOptionalFields = {
  internal_id: optionalText(20),
  prefix: optionalText(50),
  middle_name: optionalText(100),
  company: optionalText(255),
  email: optionalEmail,
  phone: optionalText(50),
  address: optionalText(255),
  apt: optionalText(100),
  city: optionalText(100),
  state: optionalText(100),
  zip: optionalText(20),
  country: optionalText(100),
  spouse_prefix: optionalText(50),
  spouse_first_name: optionalText(100),
  spouse_middle_name: optionalText(100),
  spouse_last_name: optionalText(100),
  birth_month: month(),
  birth_day: day(),
  birth_year: year(),
  anniversary_month: month(),
  anniversary_day: day(),
  anniversary_year: year(),
  spouse_birth_month: month(),
  spouse_birth_day: day(),
  spouse_birth_year: year(),
  children: z.array(childSchema).max(MAX_CHILDREN).nullable().optional(),
  pets: z.array(petSchema).max(MAX_PETS).nullable().optional(),
  notes: optionalText(10_000),
};

export const createContactSchema = z.object({
  first_name: requiredText(100),
  last_name: requiredText(100),
  ...contactOptionalFields,
});
export type CreateContactInput = z.infer<typeof createContactSchema>;

/** PATCH: any subset; a field sent as null or "" is cleared; the names can't be cleared. */
export const updateContactSchema = createContactSchema.partial();
export type UpdateContactInput = z.infer<typeof updateContactSchema>;

export const listContactsQuerySchema = z.object({
  cursor: z.string().max(1000).optional(),
  per_page: queryInt().pipe(z.number().int().min(1).max(100)).optional().default(15),
  query: z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string().max(255)).optional(),
  group_id: queryInt().pipe(z.number().int().min(1).max(2_147_483_647)).optional(),
});
export type ListContactsQuery = z.infer<typeof listContactsQuerySchema>;

// The events query lives with the events domain; re-exported for existing imports.
export { contactEventsQuerySchema, type ContactEventsQuery } from "@/lib/events/schema";
