import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { Time } from "@/components/ui/time";
import type { MailingAddress } from "@/lib/address";
import { formatDeliveryDate } from "./format";
import { isFinalStatus, statusTone, timelineLabel } from "@/lib/orders/status";
import { StatusBadge } from "./status-badge";

type Piece = MailingAddress & {
  id: number;
  name: string;
  company: string | null;
  status: string;
  scheduledDeliveryDate: Date;
  /** The message printed inside, placeholders already filled at checkout. */
  message?: string;
  statusHistory: { status: string; at: Date; note: string | null }[];
};

const DOT: Record<string, string> = {
  neutral: "bg-stone-400",
  amber: "bg-amber-500",
  blue: "bg-sky-600",
  green: "bg-emerald-600",
  red: "bg-red-600",
};

function addressLines(piece: Piece): string[] {
  const street = [piece.address, piece.apt].filter(Boolean).join(", ");
  const cityLine = [piece.city, [piece.state, piece.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  const country = piece.country && piece.country.toUpperCase() !== "US" ? piece.country : null;
  return [piece.company, street, cityLine, country].filter((line): line is string => !!line);
}

function Timeline({ piece }: { piece: Piece }) {
  const steps = piece.statusHistory;
  return (
    <ol className="space-y-3" aria-label={`Status history of the card to ${piece.name}`}>
      {steps.map((step, index) => {
        const isCurrent = index === steps.length - 1;
        return (
          <li key={`${step.status}-${index}`} className="relative flex gap-3 pl-0.5">
            {index < steps.length - 1 ? <span aria-hidden="true" className="absolute top-4 left-[6px] h-[calc(100%+0.25rem)] w-px bg-stone-200" /> : null}
            <span aria-hidden="true" className={cn("relative mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ring-4 ring-white", DOT[statusTone(step.status)])} />
            <div className="min-w-0 text-sm">
              <p className={cn(isCurrent ? "font-medium text-stone-900" : "text-stone-700")}>{timelineLabel(step.status)}</p>
              <p className="text-xs text-stone-500">
                <Time value={step.at} />
              </p>
              {step.note ? <p className="mt-0.5 text-xs text-stone-600">{step.note}</p> : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function DeliveryNote({ piece }: { piece: Piece }) {
  if (piece.status === "cancelled") return <p className="text-sm text-stone-600">Not mailed</p>;
  if (piece.status === "returned") return <p className="text-sm text-stone-600">Returned by the post office</p>;
  const delivered = piece.status === "delivered" ? piece.statusHistory.findLast((step) => step.status === "delivered") : undefined;
  if (delivered) {
    return (
      <p className="text-sm text-stone-700">
        Delivered <time dateTime={delivered.at.toISOString()}>{formatDeliveryDate(delivered.at)}</time>
      </p>
    );
  }
  return (
    <p className="text-sm text-stone-700">
      <span className="text-stone-500">Scheduled delivery</span>{" "}
      <time className="font-medium whitespace-nowrap" dateTime={piece.scheduledDeliveryDate.toISOString()}>
        {formatDeliveryDate(piece.scheduledDeliveryDate)}
      </time>
    </p>
  );
}

/** Every piece of a project in an order: recipient, address, status, delivery date and timeline. */
export function PieceList<P extends Piece>({ pieces, renderAction, signoff }: { pieces: P[]; renderAction?: (piece: P) => ReactNode; signoff?: string }) {
  return (
    <ul className="divide-y divide-stone-200">
      {pieces.map((piece) => {
        const action = renderAction?.(piece);
        return (
          <li key={piece.id} className="grid gap-4 py-5 first:pt-0 last:pb-0 md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)_minmax(0,4fr)] md:gap-6">
            <div className="min-w-0">
              <div className="flex items-start justify-between gap-3">
                <h3 className="font-medium break-words text-stone-900">{piece.name}</h3>
                <span className="md:hidden">
                  <StatusBadge status={piece.status} />
                </span>
              </div>
              <address className="mt-1 text-sm break-words text-stone-600 not-italic">
                {addressLines(piece).map((line, index) => (
                  <span key={index} className="block">
                    {line}
                  </span>
                ))}
              </address>
              {piece.message ? (
                <p className="mt-2 text-sm break-words whitespace-pre-line text-stone-700">
                  <span className="text-xs font-medium text-stone-500">Printed message: </span>
                  {piece.message}
                  {/* The sign-off prints under every message, as the proof shows it. */}
                  {signoff ? <span className="mt-1 block">{signoff}</span> : null}
                </p>
              ) : null}
            </div>
            <div className="max-md:order-3">
              <Timeline piece={piece} />
            </div>
            <div className="flex flex-wrap items-center justify-between gap-3 max-md:order-2 md:flex-col md:items-end md:justify-start">
              <span className="hidden md:inline-flex">
                <StatusBadge status={piece.status} />
              </span>
              <div className="md:text-right">
                <DeliveryNote piece={piece} />
              </div>
              {action}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export const hasOpenPieces = (pieces: { status: string }[]) => pieces.some((piece) => !isFinalStatus(piece.status));
