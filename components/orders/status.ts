export type BadgeTone = "neutral" | "green" | "amber" | "red" | "blue";

/** Pipeline order: summaries and filters list statuses the way a piece moves through them. */
export const STATUS_ORDER = ["pending", "in_production", "mailed", "delivered", "cancelled", "returned"] as const;

export const STATUS_LABELS: Record<string, string> = {
  pending: "Pending",
  in_production: "In production",
  mailed: "Mailed",
  delivered: "Delivered",
  cancelled: "Cancelled",
  returned: "Returned",
};

export const STATUS_TONES: Record<string, BadgeTone> = {
  pending: "neutral",
  in_production: "amber",
  mailed: "blue",
  delivered: "green",
  cancelled: "red",
  returned: "red",
};

/** What each step of the timeline means to the person who sent the card. */
export const TIMELINE_LABELS: Record<string, string> = {
  pending: "Order placed",
  in_production: "Printing started",
  mailed: "Handed to the post office",
  delivered: "Delivered",
  cancelled: "Cancelled, price refunded to credit",
  returned: "Returned to sender",
};

const FINAL = new Set(["delivered", "cancelled", "returned"]);

export const statusLabel = (status: string) => STATUS_LABELS[status] ?? status;
export const statusTone = (status: string): BadgeTone => STATUS_TONES[status] ?? "neutral";
export const isFinalStatus = (status: string) => FINAL.has(status);

export type StatusCounts = Partial<Record<string, number>>;

/** Non-empty statuses in pipeline order: [["mailed", 4], ["delivered", 1]]. */
export function statusEntries(counts: StatusCounts): [string, number][] {
  const known = STATUS_ORDER.filter((status) => (counts[status] ?? 0) > 0).map((status): [string, number] => [status, counts[status]!]);
  const other = Object.entries(counts).filter((entry): entry is [string, number] => !(STATUS_ORDER as readonly string[]).includes(entry[0]) && (entry[1] ?? 0) > 0);
  return [...known, ...other];
}

/** "4 mailed · 1 delivered". */
export function statusSummaryText(counts: StatusCounts): string {
  const entries = statusEntries(counts);
  if (entries.length === 0) return "No cards";
  return entries.map(([status, n]) => `${n} ${statusLabel(status).toLowerCase()}`).join(" · ");
}
