import { Badge } from "@/components/ui/feedback";
import type { MailSummary } from "@/lib/admin/mail";

type MailKind = MailSummary["kind"];
type MailStatus = MailSummary["status"];

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  password_reset: "Password reset",
  email_change: "Email change",
  order_receipt: "Order receipt",
  automation_skipped: "Automation skipped",
  reminder_digest: "Reminder digest",
  card_cancelled: "Card cancelled",
};

const STATUS: Record<MailStatus, { label: string; tone: "neutral" | "green" | "amber" | "red" | "blue" }> = {
  queued: { label: "Queued", tone: "amber" },
  sending: { label: "Sending", tone: "blue" },
  sent: { label: "Sent", tone: "green" },
  kept: { label: "Kept here", tone: "neutral" },
  failed: { label: "Failed", tone: "red" },
};

export function MailStatusBadge({ status }: { status: MailStatus }) {
  const { label, tone } = STATUS[status] ?? STATUS.queued;
  return <Badge tone={tone}>{label}</Badge>;
}

const timestamp = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" });

/** "Nov 26, 2026, 1:15 PM UTC". */
export const formatMailTime = (value: Date) => timestamp.format(value);
