import "server-only";
import type { z } from "zod";
import type { ServiceContext } from "@/lib/context";
import { updateAccountProfileSchema } from "./schema";
import { getAccount, updateAccountProfile, type Account } from "./service";

/** The part of the account's own contact that the account page's return-address form edits. */
export const updateReturnAddressSchema = updateAccountProfileSchema.pick({
  first_name: true,
  last_name: true,
  company: true,
  address: true,
  apt: true,
  city: true,
  state: true,
  zip: true,
  country: true,
});
export type UpdateReturnAddressInput = z.infer<typeof updateReturnAddressSchema>;

// The state and the postal code depend on the country; the service's address checks ask for them where they apply.
const POSTAL_PARTS = ["address", "city", "country"] as const;

/**
 * The return address asked for after sign-up and before the first order: the same fields, with
 * the postal address whole, since an envelope cannot carry half of one (the account page may
 * still clear it later).
 */
export const returnAddressStepSchema = updateReturnAddressSchema.superRefine((input, context) => {
  for (const part of POSTAL_PARTS) {
    if (!input[part]) context.addIssue({ code: "custom", path: [part], message: "The :attribute field is required." });
  }
});

/**
 * Replaces the name, company and postal address of the account's own contact and keeps its
 * other fields (phone, birthdays, family): updateAccountProfile replaces the whole contact.
 * A part sent empty (null) is cleared; a part left out (undefined) is kept.
 */
export async function updateReturnAddress(ctx: ServiceContext, input: UpdateReturnAddressInput): Promise<Account> {
  const { profile } = await getAccount(ctx);
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  return updateAccountProfile(ctx, { ...profile, ...changes, first_name: input.first_name, last_name: input.last_name });
}
