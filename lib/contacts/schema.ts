import { z } from "zod";
import { serialIdQuery } from "@/lib/ids";
import { cursorQuery, perPageQuery } from "@/lib/paging";
import { optionalText, requiredText } from "@/lib/validation";
import { CONTACT_FIELDS, CONTACT_FIELD_NAMES, day, FIELDS_AFTER_FAMILY, FIELDS_BEFORE_FAMILY, inputShape, month, year, type ContactFieldName } from "./fields";

export { day, month, year };

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

const isOptional = (name: ContactFieldName) => !("isRequired" in CONTACT_FIELDS[name]);
type RequiredField = { [F in ContactFieldName]: (typeof CONTACT_FIELDS)[F] extends { isRequired: true } ? F : never }[ContactFieldName];
type OptionalField = Exclude<ContactFieldName, RequiredField>;

/** Every writable Contact field except the required names, in the spec's order. */
export const contactOptionalFields = {
  ...inputShape(FIELDS_BEFORE_FAMILY.filter(isOptional) as OptionalField[]),
  children: z.array(childSchema).max(MAX_CHILDREN).nullable().optional(),
  pets: z.array(petSchema).max(MAX_PETS).nullable().optional(),
  ...inputShape(FIELDS_AFTER_FAMILY.filter(isOptional) as OptionalField[]),
};

export const createContactSchema = z.object({
  ...inputShape(CONTACT_FIELD_NAMES.filter((name) => !isOptional(name)) as RequiredField[]),
  ...contactOptionalFields,
});
export type CreateContactInput = z.infer<typeof createContactSchema>;

/** PATCH: any subset; a field sent as null or "" is cleared; the names can't be cleared. */
export const updateContactSchema = createContactSchema.partial();
export type UpdateContactInput = z.infer<typeof updateContactSchema>;

/** A contact's mailing address alone: fixed in place where an address check flags it. */
export const contactAddressSchema = updateContactSchema.pick({ address: true, apt: true, city: true, state: true, zip: true, country: true });
export type ContactAddressInput = z.infer<typeof contactAddressSchema>;

export const listContactsQuerySchema = z.object({
  cursor: cursorQuery(),
  per_page: perPageQuery(),
  query: z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string().max(255)).optional(),
  group_id: serialIdQuery().optional(),
});

// The events query lives with the events domain; re-exported for existing imports.
export { contactEventsQuerySchema, type ContactEventsQuery } from "@/lib/events/schema";

export const exportContactsQuerySchema = z.object({
  format: z.enum(["csv", "vcf"], { error: "The format must be csv or vcf." }).default("csv").meta({ description: "csv (default) or vcf (vCard 3.0)." }),
});
export type ExportContactsQuery = z.infer<typeof exportContactsQuerySchema>;
