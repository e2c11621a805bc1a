"use client";

import Link from "next/link";
import { useId, useState } from "react";
import { ProofLink } from "@/components/cards/proof-link";
import type { CheckoutPreview } from "@/lib/proofs/service";

type Props = {
  preview: CheckoutPreview;
  projectUuid: string;
  isPostcard: boolean;
  /** The CSS family of the message's face, the one the proof embeds. */
  fontFamily: string;
  /** Recipients of the project beyond those the switcher offers. */
  more: number;
};

/**
 * The card and its envelope as they will print, for one recipient at a time: the message with
 * that person's name filled in, the sign-off, and both addresses as the envelope carries them.
 */
export function CheckoutCardPreview({ preview, projectUuid, isPostcard, fontFamily, more }: Props) {
  const [index, setIndex] = useState(0);
  const selectId = useId();
  const piece = preview.recipients[index];
  if (!piece) return null;

  return (
    <div className="mt-5 space-y-4">
      {preview.recipients.length > 1 ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <label htmlFor={selectId} className="font-medium text-stone-700">
            As it prints for
          </label>
          <select
            id={selectId}
            value={index}
            onChange={(event) => setIndex(Number(event.target.value))}
            className="min-w-0 rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm text-stone-900"
          >
            {preview.recipients.map((recipient, position) => (
              <option key={recipient.id} value={position}>
                {recipient.name || "Recipient without a name"}
              </option>
            ))}
          </select>
          {more > 0 ? <span className="text-stone-500">and {more.toLocaleString("en-US")} more, in their proofs</span> : null}
        </div>
      ) : null}

      <section aria-label={isPostcard ? "Message on the back" : "Message inside"} className="rounded-lg border border-stone-200 bg-stone-50 px-4 py-4">
        <p className="text-xs font-medium tracking-wide text-stone-500 uppercase">
          {isPostcard ? "Message on the back" : "Message inside"}
          {preview.recipients.length === 1 && piece.name ? `, for ${piece.name}` : ""}
        </p>
        {piece.message ? (
          <p data-testid="checkout-message" className="mt-2 text-base leading-7 break-words whitespace-pre-line text-stone-800" style={{ fontFamily }}>
            {piece.message}
          </p>
        ) : (
          <p className="mt-2 text-sm text-stone-600">No message: the card is mailed with only its printed greeting.</p>
        )}
        {preview.signoff ? (
          <p className="mt-3 text-base break-words whitespace-pre-line text-stone-800" style={{ fontFamily }}>
            {preview.signoff}
          </p>
        ) : null}
      </section>

      <section aria-label="Envelope" className="relative rounded-lg border border-stone-300 bg-[#fbf8f1] px-4 py-4 shadow-inner">
        <p className="text-xs font-medium tracking-wide text-stone-500 uppercase">Envelope</p>
        <div className="mt-2 min-h-16 text-xs leading-5 text-stone-700">
          {preview.returnAddress ? (
            <address className="not-italic" aria-label="Return address">
              {preview.returnAddress.map((line, position) => (
                <span key={position} className="block">
                  {line}
                </span>
              ))}
            </address>
          ) : (
            <p className="text-amber-800">
              No return address yet.{" "}
              <Link href="/account#return-address" className="font-medium underline">
                Add it in your account
              </Link>
            </p>
          )}
        </div>
        <address aria-label="Recipient's address" className="mx-auto my-4 w-fit max-w-full font-mono text-sm leading-6 break-words text-stone-900 not-italic">
          {piece.envelope.map((line, position) => (
            <span key={position} className="block">
              {line}
            </span>
          ))}
        </address>
      </section>

      <ProofLink href={`/projects/${projectUuid}/proof?recipient_id=${piece.id}`} />
    </div>
  );
}
