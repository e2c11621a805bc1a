import { PASSWORD_MIN_LENGTH } from "@/lib/auth/password-limits";

/** The rules of a new password (lib/auth/password-rules.ts) in the words the forms show under the field. */
export const PASSWORD_RULES_TEXT = `At least ${PASSWORD_MIN_LENGTH} characters; not a commonly used password, and not your name or email address.`;
