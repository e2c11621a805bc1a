/** The import's answer as the page reads it (docs/api.md, POST /contacts/import). */

export type DateOrder = "mdy" | "dmy";
export type RowAction = "create" | "update" | "unchanged" | "skip";
export type RowWarning = "missing_address" | "possible_duplicate";

export type SkippedRow = { row: number; name: string; errors: Record<string, string[]> };

export type ReviewRow = {
  row: number;
  action: RowAction;
  name: string;
  contact_uuid: string | null;
  contact_name: string | null;
  matched_by: "uuid" | "internal_id" | "email" | "phone" | null;
  warnings: RowWarning[];
};

export type ImportAnswer = {
  created: number;
  updated: number;
  unchanged: number;
  skipped: SkippedRow[];
  date_order: DateOrder;
  date_order_matters: boolean;
  groups_created: string[];
  rows?: ReviewRow[];
  columns?: { mapped: { column: string; field: string }[]; unmapped: string[] };
};

/** How many rows the dry run lists; the counts cover the whole file. */
export const REVIEW_ROWS_LISTED = 1000;

const MATCHED_BY: Record<NonNullable<ReviewRow["matched_by"]>, string> = {
  uuid: "its Cardmail id",
  internal_id: "its internal id",
  email: "email",
  phone: "phone number",
};

export const matchedByText = (matchedBy: ReviewRow["matched_by"]) => (matchedBy ? MATCHED_BY[matchedBy] : null);

export const WARNING_TEXT: Record<RowWarning, string> = {
  missing_address: "No mailing address",
  possible_duplicate: "Looks like someone already in your book",
};

/** "email: Enter a valid email. last name: Required." from a skipped row's field errors. */
export function skipReason(errors: Record<string, string[]> | undefined): string {
  const parts = Object.entries(errors ?? {}).map(([field, messages]) => `${field.replace(/_/g, " ")}: ${messages.join(" ")}`);
  return parts.join(" ") || "It could not be read.";
}
