import { dictionary } from "@zxcvbn-ts/language-common";
import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-limits";

/*
 * The rules a new password follows (sign-up, a password change, a reset), after NIST SP 800-63B:
 * long enough, not one that attackers try first, and not the account's own name or email. No
 * rules about character classes: they make passwords harder to remember, not to guess.
 */

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

export const COMMON_PASSWORD_MESSAGE = "This password is one of the most commonly used ones; choose one that is harder to guess.";
export const PERSONAL_PASSWORD_MESSAGE = "The password must not contain your name or email address.";

// zxcvbn's list of the most used passwords (about 49,000), read once, on the first check.
let common: Set<string> | undefined;

/** True for a password on the list of the most used ones, whatever its case. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"]);
  return common.has(password.toLowerCase());
}

const squash = (text: string) => text.toLowerCase().replace(/\s+/g, "");

/** True when the password contains the account's name or the name part of its email (4 characters or more). */
export function isPersonalPassword(password: string, account: { email?: string | null; name?: string | null }): boolean {
  const haystack = squash(password);
  const emailName = squash(account.email ?? "").split("@")[0] ?? "";
  const needles = [squash(account.email ?? ""), emailName, squash(account.name ?? "")].filter((needle) => needle.length >= 4);
  return needles.some((needle) => haystack.includes(needle));
}

/** A new password: the length limits and the list of common passwords (the personal rule needs the account). */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH)
  .max(PASSWORD_MAX_LENGTH)
  // A password already too short or too long is told so alone, not that it is common too.
  .refine((password) => password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH || !isCommonPassword(password), COMMON_PASSWORD_MESSAGE);
