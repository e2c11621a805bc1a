import { z } from "zod";
import { contactOptionalFields } from "@/lib/contacts/schema";
import { newPasswordSchema } from "@/lib/auth/password-rules";
import { canonicalTimeZone } from "@/lib/time-zone";
import { optionalText, requiredText } from "@/lib/validation";

// The caller's own identifier has no meaning on the account's own contact.
const { internal_id: _internalId, ...profileOptionalFields } = contactOptionalFields;

/**
 * The account's own contact (the return address printed on cards): the Contact fields, with
 * the same rules as a contact of the address book. The whole contact is replaced.
 */
export const updateAccountProfileSchema = z.object({
  first_name: requiredText(100),
  last_name: requiredText(100),
  ...profileOptionalFields,
});
export type UpdateAccountProfileInput = z.infer<typeof updateAccountProfileSchema>;

/** Where boxed orders are shipped to the user; the whole address is replaced. */
export const updateShippingAddressSchema = z.object({
  name: requiredText(255),
  company: optionalText(255),
  address: requiredText(255),
  apt: optionalText(100),
  city: requiredText(100),
  state: requiredText(100),
  zip: requiredText(20),
  country: z.preprocess((value) => (typeof value === "string" && value.trim() === "") || value === null ? undefined : value, requiredText(100).default("US")),
});
export type UpdateShippingAddressInput = z.infer<typeof updateShippingAddressSchema>;

/** A new password for the signed-in account; the current one proves it is the owner asking. */
export const changePasswordSchema = z.object({
  current_password: z.string().min(1).max(1024),
  new_password: newPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** A time zone chosen from the account's list: a known IANA name, kept in its canonical spelling. */
export const timeZoneSchema = z
  .string()
  .max(64)
  .transform((value, context) => {
    const zone = canonicalTimeZone(value);
    if (!zone) {
      context.addIssue({ code: "custom", message: "Choose a time zone from the list." });
      return z.NEVER;
    }
    return zone;
  });

/** The name the account goes by and the zone its times are shown in. */
export const updateAccountSettingsSchema = z.object({
  username: requiredText(100),
  time_zone: timeZoneSchema,
});
export type UpdateAccountSettingsInput = z.infer<typeof updateAccountSettingsSchema>;

/**
 * Deleting the account: the email typed again, so that it cannot happen by a slip, and the
 * current password, so that a session left open (or stolen) is not enough.
 */
export const deleteAccountSchema = z.object({
  email: z.preprocess((value) => (typeof value === "string" ? value.trim() : value), z.string().min(1).max(255)),
  current_password: z.string().min(1).max(1024),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
/** A new email for the account, confirmed by a link mailed to it; the current password proves it is the owner asking. */
export const changeEmailSchema = z.object({
  new_email: z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.email().max(255)),
  current_password: z.string().min(1).max(1024),
});
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

/** How far ahead the daily reminder digest looks, in days, or "off". */
export const REMINDER_WINDOWS = ["off", "7", "14", "30"] as const;
export const reminderWindowSchema = z.object({ reminder_window: z.enum(REMINDER_WINDOWS) });
export type ReminderWindowInput = z.infer<typeof reminderWindowSchema>;
