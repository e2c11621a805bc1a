"use client";

import { useRouter } from "next/navigation";
import { useId, useRef, useState, useTransition } from "react";
import { mergeContactsAction } from "@/app/(app)/contacts/actions";
import { previewMergeAction } from "@/app/(app)/contacts/duplicates/actions";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/feedback";
import { notify } from "@/components/ui/toast";
import type { ContactJson } from "@/lib/contacts/response";
import { partialDate } from "@/lib/contacts/view";

const join = (parts: (string | number | null)[], separator = " ") => parts.filter((part) => part !== null && part !== "").join(separator);

/** The fields the review lists, each as the text a person reads; an empty text is not listed. */
const FIELDS: { label: string; text: (c: ContactJson) => string }[] = [
  { label: "Name", text: (c) => join([c.prefix, c.first_name, c.middle_name, c.last_name]) },
  { label: "Company", text: (c) => c.company ?? "" },
  { label: "Email", text: (c) => c.email ?? "" },
  { label: "Phone", text: (c) => c.phone ?? "" },
  { label: "Address", text: (c) => join([c.address, c.apt, c.city, join([c.state, c.zip]), c.country], ", ") },
  { label: "Birthday", text: (c) => partialDate(c.birth_month, c.birth_day, c.birth_year) ?? "" },
  { label: "Spouse", text: (c) => join([c.spouse_prefix, c.spouse_first_name, c.spouse_middle_name, c.spouse_last_name]) },
  { label: "Spouse's birthday", text: (c) => partialDate(c.spouse_birth_month, c.spouse_birth_day, c.spouse_birth_year) ?? "" },
  { label: "Anniversary", text: (c) => partialDate(c.anniversary_month, c.anniversary_day, c.anniversary_year) ?? "" },
  { label: "Children", text: (c) => c.children.map((child) => child.first_name).join(", ") },
  { label: "Pets", text: (c) => c.pets.map((pet) => pet.name).join(", ") },
];

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const digits = (value: string) => value.replace(/\D/g, "");

/** Whose value the merged contact keeps for a field (`contacts` start with the kept one): its own, another's, or one made of several. */
function source(label: string, value: string, contacts: ContactJson[], names: Map<string, string>): string {
  const from = contacts.filter((c) => same(FIELDS.find((f) => f.label === label)!.text(c), value));
  if (from.length === contacts.length) return "all agree";
  if (from[0]?.uuid === contacts[0]!.uuid) return "kept";
  if (from.length > 0) return `from ${from.map((c) => names.get(c.uuid)).join(" and ")}`;
  return "joined from all";
}

/** Every email and phone of the contacts merged away, and where the merged contact keeps it. */
function keptValues(merged: ContactJson, others: ContactJson[], names: Map<string, string>) {
  const notes = merged.notes ?? "";
  const kept: { key: string; text: string }[] = [];
  for (const other of others) {
    const name = names.get(other.uuid);
    if (other.email) {
      const where = merged.email && same(merged.email, other.email) ? "as the email" : notes.toLowerCase().includes(other.email.trim().toLowerCase()) ? "in the notes" : null;
      if (where) kept.push({ key: `${other.uuid}:email`, text: `From ${name}: email ${other.email}, kept ${where}` });
    }
    if (other.phone) {
      const where = merged.phone && digits(merged.phone) === digits(other.phone) ? "as the phone" : digits(notes).includes(digits(other.phone)) ? "in the notes" : null;
      if (where) kept.push({ key: `${other.uuid}:phone`, text: `From ${name}: phone ${other.phone}, kept ${where}` });
    }
  }
  return kept;
}

type Preview = { merged: ContactJson } | { error: string } | null;

/**
 * "Merge into …": opens the contact the merge would make (from the server's preview, nothing
 * saved), field by field with whose value it keeps, and merges only on Confirm.
 */
export function MergeReview({ keep, contacts }: { keep: string; contacts: ContactJson[] }) {
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [preview, setPreview] = useState<Preview>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, startLoading] = useTransition();
  const [merging, startMerging] = useTransition();
  const nameOf = (c: ContactJson) => join([c.first_name, c.last_name]);
  const keptName = nameOf(contacts.find((c) => c.uuid === keep)!);
  // Duplicates often share a name: the ones merged away are then "the other Rita Moreno".
  const names = new Map(contacts.map((c) => [c.uuid, c.uuid !== keep && same(nameOf(c), keptName) ? `the other ${keptName}` : nameOf(c)]));
  const others = contacts.filter((c) => c.uuid !== keep);
  const ordered = [contacts.find((c) => c.uuid === keep)!, ...others];

  function open() {
    setPreview(null);
    setError(null);
    dialog.current?.showModal();
    startLoading(async () => {
      const result = await previewMergeAction({ uuid: keep, contact_uuids: others.map((c) => c.uuid) });
      setPreview(result.ok ? { merged: result.data } : { error: result.message });
    });
  }

  function confirm() {
    setError(null);
    startMerging(async () => {
      const result = await mergeContactsAction({ uuid: keep, contact_uuids: others.map((c) => c.uuid) });
      if (!result.ok) {
        setError(result.message);
        return;
      }
      dialog.current?.close();
      notify(`Merged into ${keptName}`);
      router.refresh();
    });
  }

  const merged = preview && "merged" in preview ? preview.merged : null;
  const kept = merged ? keptValues(merged, others, names) : [];

  return (
    <>
      <Button aria-haspopup="dialog" onClick={open}>
        Merge into {keptName}
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-xl overflow-y-auto rounded-xl border border-stone-200 bg-white p-0 text-stone-900 shadow-xl backdrop:bg-stone-900/40"
      >
        <div className="space-y-4 p-6">
          <h2 id={titleId} className="text-lg font-semibold">
            Merge into {keptName}?
          </h2>
          <div aria-live="polite" className="space-y-4 text-sm">
            {loading ? <p className="text-stone-600">Putting the contacts together…</p> : null}
            {preview && "error" in preview ? <Alert>{preview.error}</Alert> : null}
            {merged ? (
              <>
                <p className="text-stone-600">
                  {keptName} is kept with what it already has, and takes from {others.map((c) => names.get(c.uuid)).join(", ")} what it lacks;{" "}
                  {others.length === 1 ? "that contact is" : "those contacts are"} then removed. Groups and projects move over.
                </p>
                <dl className="divide-y divide-stone-100 rounded-lg border border-stone-200">
                  {FIELDS.map((field) => ({ field, value: field.text(merged) }))
                    .filter(({ value }) => value !== "")
                    .map(({ field, value }) => (
                      <div key={field.label} className="grid gap-1 px-3 py-2 sm:grid-cols-[9rem_1fr]">
                        <dt className="font-medium text-stone-600">{field.label}</dt>
                        <dd className="min-w-0 break-words">
                          {value} <span className="text-xs text-stone-500">({source(field.label, value, ordered, names)})</span>
                        </dd>
                      </div>
                    ))}
                  {merged.notes ? (
                    <div className="grid gap-1 px-3 py-2 sm:grid-cols-[9rem_1fr]">
                      <dt className="font-medium text-stone-600">Notes</dt>
                      <dd className="min-w-0 break-words whitespace-pre-line">{merged.notes}</dd>
                    </div>
                  ) : null}
                </dl>
                {kept.length > 0 ? (
                  <div>
                    <h3 className="font-medium text-stone-900">Nothing is lost</h3>
                    <ul className="mt-1 list-disc space-y-0.5 pl-5 text-stone-700">
                      {kept.map((item) => (
                        <li key={item.key} className="break-words">
                          {item.text}
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
              </>
            ) : null}
            {error ? <Alert>{error}</Alert> : null}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" autoFocus disabled={merging} onClick={() => dialog.current?.close()}>
              Back
            </Button>
            <Button disabled={!merged || merging} onClick={confirm}>
              {merging ? "Merging…" : "Confirm merge"}
            </Button>
          </div>
        </div>
      </dialog>
    </>
  );
}
