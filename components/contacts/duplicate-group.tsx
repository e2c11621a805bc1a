"use client";

import Link from "next/link";
import { useId, useState } from "react";
import { Time } from "@/components/ui/time";
import type { ContactJson } from "@/lib/contacts/response";
import { MergeReview } from "./merge-review";

export type DuplicateContact = {
  uuid: string;
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  family: number;
  createdAt: string;
  /** The whole contact, for the merge's review of whose value each field keeps. */
  json: ContactJson;
};

const REASONS: Record<string, string> = {
  email: "Same email",
  phone: "Same phone number",
  name_and_address: "Same name and street address",
};

export function DuplicateGroupCard({ reason, contacts }: { reason: string; contacts: DuplicateContact[] }) {
  const name = useId();
  const [keep, setKeep] = useState(contacts[0]!.uuid);
  const kept = contacts.find((c) => c.uuid === keep)!;

  return (
    <section className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm" aria-labelledby={`${name}-title`}>
      <h2 id={`${name}-title`} className="text-base font-semibold text-stone-900">
        {REASONS[reason] ?? reason}: {contacts.length} contacts
      </h2>
      <fieldset className="mt-3">
        <legend className="text-sm text-stone-600">Keep</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {contacts.map((contact) => (
            <label
              key={contact.uuid}
              className="flex cursor-pointer gap-3 rounded-lg border border-stone-200 p-3 text-sm has-[:checked]:border-rose-600 has-[:checked]:bg-rose-50"
            >
              <input type="radio" name={name} value={contact.uuid} checked={keep === contact.uuid} onChange={() => setKeep(contact.uuid)} className="mt-1 accent-rose-700" />
              <span className="min-w-0 space-y-0.5">
                <span className="block font-medium text-stone-900">{contact.name}</span>
                {contact.email ? <span className="block break-all text-stone-700">{contact.email}</span> : null}
                {contact.phone ? <span className="block text-stone-700">{contact.phone}</span> : null}
                {contact.address ? <span className="block text-stone-700">{contact.address}</span> : null}
                <span className="block text-xs text-stone-600">
                  Added <Time value={contact.createdAt} style="shortDate" />
                  {contact.family > 0 ? ` · ${contact.family} in the family` : ""}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <MergeReview keep={keep} contacts={contacts.map((c) => c.json)} />
        <Link href={`/contacts/${kept.uuid}`} className="text-sm font-medium text-rose-800 underline underline-offset-2">
          View {kept.name}
        </Link>
      </div>
    </section>
  );
}
