import type { FieldErrors } from "@/lib/errors";

/**
 * One contact read from an imported file, before validation: a CSV data row or a vCard. The
 * input is a create/update request body (the contact schemas validate it); `errors` are what
 * the reader itself could not understand, keyed by the Contact field they belong to.
 */
export type ImportRow = {
  /** n in `rows.<n>.<field>`: the data row (the header not counted) or the card, from 1. */
  row: number;
  /** The row's uuid (our CSV's `uuid`, a vCard's `UID`), or null. */
  uuid: string | null;
  input: Record<string, unknown>;
  errors: FieldErrors;
  /**
   * Formats that carry only names for the spouse and children (vCard, Outlook, Google): the
   * spouse as one name, and children as names whose birthdays the contact keeps when it has a
   * child of that name. Without these an export to vCard and back would lose dates.
   */
  spouseName?: string;
  childNames?: string[];
  /** A full name ("FN", "Name", "Display Name"), split into first and last when the row has neither. */
  fullName?: string;
  /** Group names the file gives the contact (Google `Labels`, Outlook `Categories`, vCard `CATEGORIES`). */
  groups?: string[];
};

export function addRowError(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

/** A spouse's full name split the way people write it: the last word is the last name. */
export function splitPersonName(name: string): { first: string; last: string | null } {
  const words = name.trim().split(/\s+/);
  if (words.length === 1) return { first: words[0]!, last: null };
  return { first: words.slice(0, -1).join(" "), last: words.at(-1)! };
}
