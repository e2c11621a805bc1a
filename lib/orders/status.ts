// Every rule about delivery statuses, in one module. It imports nothing at runtime (the schema
// import is a type and is erased), so client components may import it as well as services.
import type { DeliveryStatus } from "@/db/schema";

export type { DeliveryStatus };

export type BadgeTone = "neutral" | "green" | "amber" | "red" | "blue";

type StatusRule = {
  label: string;
  tone: BadgeTone;
  /** What the step means to the person who sent the card. */
  timelineLabel: string;
  /** The statuses this one may be reached from (DESIGN.md: delivery statuses). */
  allowedFrom: readonly DeliveryStatus[];
  /** Nothing happens to the piece after this. */
  isFinal: boolean;
  /** Reaching it gives the piece's price back to the buyer's credit. */
  refunds: boolean;
};

const RULES: Record<DeliveryStatus, StatusRule> = {
  pending: { label: "Pending", tone: "neutral", timelineLabel: "Order placed", allowedFrom: [], isFinal: false, refunds: false },
  in_production: { label: "In production", tone: "amber", timelineLabel: "Printing started", allowedFrom: ["pending"], isFinal: false, refunds: false },
  mailed: { label: "Mailed", tone: "blue", timelineLabel: "Handed to the post office", allowedFrom: ["in_production"], isFinal: false, refunds: false },
  delivered: { label: "Delivered", tone: "green", timelineLabel: "Delivered", allowedFrom: ["mailed"], isFinal: true, refunds: false },
  cancelled: {
    label: "Cancelled",
    tone: "red",
    timelineLabel: "Cancelled, price refunded to credit",
    allowedFrom: ["pending"],
    isFinal: true,
    refunds: true,
  },
  returned: { label: "Returned", tone: "red", timelineLabel: "Returned to sender", allowedFrom: ["mailed"], isFinal: true, refunds: false },
};

/** Pipeline order: summaries and filters list statuses the way a piece moves through them. */
export const STATUS_ORDER = ["pending", "in_production", "mailed", "delivered", "cancelled", "returned"] as const satisfies readonly DeliveryStatus[];

// Fails to compile if the schema gains a status that the pipeline order leaves out.
const everyStatusOrdered: Exclude<DeliveryStatus, (typeof STATUS_ORDER)[number]> extends never ? true : never = true;
void everyStatusOrdered;

/** The path the fulfilment simulator moves every piece along, one step at a time. */
export const FULFILMENT_PATH = ["pending", "in_production", "mailed", "delivered"] as const satisfies readonly DeliveryStatus[];

/** Which statuses each status may be reached from. */
export const ALLOWED_FROM = Object.fromEntries(STATUS_ORDER.map((status) => [status, RULES[status].allowedFrom])) as Record<
  DeliveryStatus,
  readonly DeliveryStatus[]
>;

/** The step after each status of FULFILMENT_PATH but the last. */
export const NEXT_FULFILMENT_STEP: Partial<Record<DeliveryStatus, DeliveryStatus>> = Object.fromEntries(
  FULFILMENT_PATH.slice(0, -1).map((status, index) => [status, FULFILMENT_PATH[index + 1]!]),
);

const isDeliveryStatus = (status: string): status is DeliveryStatus => Object.hasOwn(RULES, status);

const ruleOf = (status: string): StatusRule | undefined => (isDeliveryStatus(status) ? RULES[status] : undefined);

export const statusLabel = (status: string) => ruleOf(status)?.label ?? status;
export const statusTone = (status: string): BadgeTone => ruleOf(status)?.tone ?? "neutral";
export const timelineLabel = (status: string) => ruleOf(status)?.timelineLabel ?? status;
export const isFinalStatus = (status: string) => ruleOf(status)?.isFinal ?? false;
export const refundsOnEntry = (status: string) => ruleOf(status)?.refunds ?? false;

const canChangeStatus = (from: string, to: DeliveryStatus) => (ALLOWED_FROM[to] as readonly string[]).includes(from);

/** The statuses a piece may move to from `status`, in pipeline order. */
export function allowedNextStatuses(status: string): DeliveryStatus[] {
  return STATUS_ORDER.filter((to) => canChangeStatus(status, to));
}

/** Whether the buyer may still cancel the piece (and have its price refunded). */
export const isCancellable = (status: string) => canChangeStatus(status, "cancelled");

export type StatusCounts = Partial<Record<string, number>>;

/** Non-empty statuses in pipeline order: [["mailed", 4], ["delivered", 1]]. */
export function statusEntries(counts: StatusCounts): [string, number][] {
  const known = STATUS_ORDER.filter((status) => (counts[status] ?? 0) > 0).map((status): [string, number] => [status, counts[status]!]);
  const other = Object.entries(counts).filter((entry): entry is [string, number] => !isDeliveryStatus(entry[0]) && (entry[1] ?? 0) > 0);
  return [...known, ...other];
}
