"use client";

import Link from "next/link";
import { useRef, useState, useTransition } from "react";
import { fixRecipientAddressAction } from "@/app/(app)/projects/actions";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/feedback";
import { plural } from "@/components/ui/format";
import { TextField } from "@/components/ui/field";
import { notify } from "@/components/ui/toast";
import type { FlaggedRecipient } from "@/lib/projects/address-checks";
import type { FieldErrors } from "@/lib/errors";

type Props = { projectUuid: string; total: number; recipients: FlaggedRecipient[] };

const ADDRESS_FIELDS = [
  { name: "address", label: "Street address", autoComplete: "address-line1", wide: true },
  { name: "apt", label: "Apt, suite, unit", autoComplete: "address-line2", wide: true },
  { name: "city", label: "City", autoComplete: "address-level2", wide: false },
  { name: "state", label: "State or province", autoComplete: "address-level1", wide: false },
  { name: "zip", label: "ZIP or postal code", autoComplete: "postal-code", wide: false },
  { name: "country", label: "Country", autoComplete: "country", wide: false },
] as const;

type AddressName = (typeof ADDRESS_FIELDS)[number]["name"];

const fullName = (recipient: FlaggedRecipient) => `${recipient.firstName} ${recipient.lastName}`;

/**
 * The recipients whose address may keep their card from arriving, each with what is wrong and
 * its address editable in place (the contact itself changes). Paying stays possible: the
 * order mails every recipient as the specification says.
 */
export function AddressFixes({ projectUuid, total, recipients }: Props) {
  if (total === 0) return null;
  return (
    <section aria-labelledby="address-fixes-title" className="rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-5">
      <h2 id="address-fixes-title" className="text-base font-semibold text-amber-950">
        {plural(total, "address", "addresses")} to check
      </h2>
      <p className="mt-1 text-sm text-amber-950">
        {total === 1 ? "This card" : "These cards"} may not arrive as addressed. Fix {total === 1 ? "it" : "them"} here before paying; the order mails every recipient as they are.
        {total > recipients.length ? ` The first ${recipients.length} are listed; the rest follow as these are fixed.` : ""}
      </p>
      <ul className="mt-4 space-y-3">
        {recipients.map((recipient) => (
          <FlaggedRow key={recipient.contactId} projectUuid={projectUuid} recipient={recipient} />
        ))}
      </ul>
    </section>
  );
}

function FlaggedRow({ projectUuid, recipient }: { projectUuid: string; recipient: FlaggedRecipient }) {
  const [editing, setEditing] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const fixButton = useRef<HTMLButtonElement>(null);
  const name = fullName(recipient);
  const lines = [
    [recipient.address, recipient.apt].filter(Boolean).join(", "),
    [[recipient.city, recipient.state].filter(Boolean).join(", "), recipient.zip].filter(Boolean).join(" "),
    // As on envelopes mailed from the US: the country only when it is another one (or unreadable).
    recipient.country && recipient.country !== "US" ? recipient.country : "",
  ].filter((line) => line !== "");

  const close = () => {
    setEditing(false);
    setErrors({});
    setFailure(null);
    requestAnimationFrame(() => fixButton.current?.focus());
  };

  return (
    <li className="rounded-lg border border-amber-200 bg-white p-3 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p className="font-medium break-words text-stone-900">{name}</p>
          {lines.length > 0 ? (
            <address className="text-stone-700 not-italic">
              {lines.map((line) => (
                <span key={line} className="block break-words">
                  {line}
                </span>
              ))}
            </address>
          ) : (
            <p className="text-stone-600">No address</p>
          )}
        </div>
        {!editing ? (
          <div className="flex flex-wrap gap-2">
            <Button ref={fixButton} variant="secondary" size="sm" onClick={() => setEditing(true)}>
              Fix address<span className="sr-only"> of {name}</span>
            </Button>
            <Link href={`/contacts/${recipient.contactId}/edit`} className="inline-flex h-8 items-center px-2 font-medium text-rose-800 hover:underline">
              Edit contact<span className="sr-only"> of {name}</span>
            </Link>
          </div>
        ) : null}
      </div>
      <ul className="mt-2 space-y-1" aria-label={`Problems with ${name}'s address`}>
        {recipient.warnings.map((warning) => (
          <li key={`${warning.field}:${warning.message}`} className="flex gap-2 text-amber-900">
            <span aria-hidden="true">⚠</span>
            <span>{warning.message}</span>
          </li>
        ))}
      </ul>
      {editing ? (
        <form
          className="mt-3 space-y-3 border-t border-stone-200 pt-3"
          noValidate
          aria-label={`${name}'s address`}
          onSubmit={(event) => {
            event.preventDefault();
            const data = new FormData(event.currentTarget);
            const address = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field.name, String(data.get(field.name) ?? "")])) as Record<AddressName, string>;
            startTransition(async () => {
              setFailure(null);
              const result = await fixRecipientAddressAction({ project_uuid: projectUuid, contact_id: recipient.contactId, ...address });
              if (result.ok) {
                setErrors({});
                notify(result.data.warnings.length === 0 ? `${name}'s address saved` : `${name}'s address saved, with something still to check`);
                // Still flagged: the row stays with its new warnings; fixed: it leaves the list.
                setEditing(false);
              } else {
                setErrors(result.fieldErrors ?? {});
                setFailure(result.fieldErrors ? null : result.message);
              }
            });
          }}
        >
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {ADDRESS_FIELDS.map((field) => (
              <TextField
                key={field.name}
                name={field.name}
                label={field.label}
                autoComplete={field.autoComplete}
                defaultValue={recipient[field.name] ?? ""}
                error={errors[field.name] ?? recipient.warnings.filter((w) => w.field === field.name).map((w) => w.message)}
                className={field.wide ? "sm:col-span-2" : undefined}
                autoFocus={field.name === (recipient.warnings[0]?.field ?? "address")}
              />
            ))}
          </div>
          {failure ? <Alert>{failure}</Alert> : null}
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={pending}>
              {pending ? "Saving…" : "Save address"}
            </Button>
            <Button variant="ghost" size="sm" disabled={pending} onClick={close}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
    </li>
  );
}
