import Link from "next/link";

/** Says who the card is for when the catalog was opened from a contact's "Send a card". */
export function RecipientBanner({ contact, cancelHref }: { contact: { name: string }; cancelHref: string }) {
  return (
    <div role="status" className="mb-6 flex flex-col gap-2 rounded-xl border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-900 sm:flex-row sm:items-center sm:justify-between">
      <p>
        Choosing a card for <strong className="font-semibold">{contact.name}</strong>. They&apos;ll be the first recipient of the project.
      </p>
      <Link href={cancelHref} className="shrink-0 font-medium underline hover:no-underline">
        Browse without a recipient
      </Link>
    </div>
  );
}
