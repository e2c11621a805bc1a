import { Badge } from "@/components/ui/feedback";

/** Where a project stands: nobody to send to yet, ready, ordered, or ordered with new people since. */
export function ProjectStatus({ recipients, ordered }: { recipients: number; ordered: number }) {
  if (recipients === 0) return <Badge>No recipients yet</Badge>;
  if (ordered === 0) return <Badge tone="amber">Not ordered · {recipients} to send</Badge>;
  if (ordered >= recipients) return <Badge tone="green">Ordered</Badge>;
  return <Badge tone="blue">Ordered · {recipients - ordered} new to send</Badge>;
}
