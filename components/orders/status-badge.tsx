import { cn } from "@/components/ui/cn";
import { Badge } from "@/components/ui/feedback";
import { statusEntries, statusLabel, statusTone, type StatusCounts } from "@/lib/orders/status";

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={statusTone(status)}>{statusLabel(status)}</Badge>;
}

/** One badge per status with its count: "4 Mailed", "1 Delivered". */
export function StatusSummary({ counts, className }: { counts: StatusCounts; className?: string }) {
  const entries = statusEntries(counts);
  if (entries.length === 0) return <p className="text-sm text-stone-500">No cards</p>;
  return (
    <ul className={cn("flex flex-wrap gap-1.5", className)} aria-label="Cards by status">
      {entries.map(([status, n]) => (
        <li key={status}>
          <Badge tone={statusTone(status)}>
            {n} {statusLabel(status).toLowerCase()}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
