import Link from "next/link";
import type { ReactNode } from "react";
import { longDate } from "@/components/ui/format";

type Props = { contact: { name: string }; deliveryDate?: string; cancelHref: string };

/** Says who the card is for (and for which day) when the catalog was opened from "Send a card". */
export function RecipientBanner({ contact, deliveryDate, cancelHref }: Props) {
  return (
    <div role="status" className="mb-6 flex flex-col gap-2 rounded-xl border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-900 sm:flex-row sm:items-center sm:justify-between">
      <p>
        Choosing a card for <strong className="font-semibold">{contact.name}</strong>
        {deliveryDate ? (
          <>
            {" "}
            to arrive on <strong className="font-semibold">{longDate(`${deliveryDate}T00:00:00Z`)}</strong>
          </>
        ) : null}
        . They&apos;ll be the first recipient of the project.
      </p>
      <Link href={cancelHref} className="shrink-0 font-medium underline hover:no-underline">
        Browse without a recipient
      </Link>
    </div>
  );
}

/** The errand the catalog was opened for, other than one contact: a group to send to, or a project's new card. */
export function ErrandBanner({ children, cancelHref, cancelLabel }: { children: ReactNode; cancelHref: string; cancelLabel: string }) {
  return (
    <div role="status" className="mb-6 flex flex-col gap-2 rounded-xl border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-900 sm:flex-row sm:items-center sm:justify-between">
      <p>{children}</p>
      <Link href={cancelHref} className="shrink-0 font-medium underline hover:no-underline">
        {cancelLabel}
      </Link>
    </div>
  );
}
