"use client";

import Link from "next/link";
import { useState, useTransition } from "react";
import { addContactToGroupAction, removeContactFromGroupAction } from "@/app/(app)/groups/actions";
import { Button } from "@/components/ui/button";
import { type Notice, NoticeAlert } from "@/components/ui/feedback";
import { inputClass } from "@/components/ui/field";

type GroupOption = { id: number; name: string };

/** The groups a contact is in, with a picker to add it to another one. */
export function ContactGroups({ contactId, contactName, memberOf, allGroups }: { contactId: string; contactName: string; memberOf: GroupOption[]; allGroups: GroupOption[] }) {
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<Notice | null>(null);
  const available = allGroups.filter((g) => !memberOf.some((m) => m.id === g.id));
  const [selected, setSelected] = useState("");
  const choice = available.some((g) => String(g.id) === selected) ? selected : String(available[0]?.id ?? "");

  const run = (action: () => Promise<{ ok: boolean; message?: string }>, success: string) =>
    startTransition(async () => {
      const result = await action();
      setMessage(result.ok ? { tone: "success", text: success } : { tone: "error", text: result.message ?? "That didn't work. Please try again." });
    });

  return (
    <div className="space-y-4">
      {memberOf.length === 0 ? (
        <p className="text-sm text-stone-500">{contactName} isn&apos;t in any group yet.</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label="Groups">
          {memberOf.map((group) => (
            <li key={group.id} className="inline-flex items-center gap-1 rounded-full bg-rose-50 py-1 pr-1 pl-3 text-sm text-rose-900">
              <Link href={`/groups/${group.id}`} className="font-medium hover:underline">
                {group.name}
              </Link>
              <button
                type="button"
                disabled={pending}
                onClick={() => run(() => removeContactFromGroupAction({ group_id: group.id, contact_id: contactId }), `Removed from ${group.name}.`)}
                aria-label={`Remove from ${group.name}`}
                className="grid h-6 w-6 place-items-center rounded-full text-rose-700 hover:bg-rose-100 disabled:opacity-50"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}

      {available.length > 0 ? (
        <form
          className="flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const group = available.find((g) => String(g.id) === choice);
            if (group) run(() => addContactToGroupAction({ group_id: group.id, contact_id: contactId }), `Added to ${group.name}.`);
          }}
        >
          <label htmlFor="add-to-group" className="sr-only">
            Add to group
          </label>
          <select id="add-to-group" value={choice} onChange={(e) => setSelected(e.target.value)} className={inputClass}>
            {available.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
          <Button type="submit" variant="secondary" disabled={pending} className="shrink-0">
            {pending ? "Saving…" : "Add to group"}
          </Button>
        </form>
      ) : allGroups.length === 0 ? (
        <p className="text-sm text-stone-500">
          <Link href="/groups" className="font-medium text-rose-700 hover:underline">
            Create a group
          </Link>{" "}
          to send one card to many people.
        </p>
      ) : null}

      <NoticeAlert notice={message} />
    </div>
  );
}
