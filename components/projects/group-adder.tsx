"use client";

import Link from "next/link";
import { useState, useTransition } from "react";
import { addGroupAction } from "@/app/(app)/projects/actions";
import { Button } from "@/components/ui/button";
import { type Notice, NoticeAlert } from "@/components/ui/feedback";
import { notify } from "@/components/ui/toast";
import { SelectField } from "@/components/ui/field";
import { plural } from "@/components/ui/format";

export type GroupOption = { id: number; name: string; contactsCount: number };

/** Puts every member of one group on the project; people already on it stay as they are. */
export function GroupAdder({ projectUuid, groups }: { projectUuid: string; groups: GroupOption[] }) {
  const [groupId, setGroupId] = useState<string>("");
  const [message, setMessage] = useState<Notice | null>(null);
  const [pending, startTransition] = useTransition();
  const group = groups.find((candidate) => String(candidate.id) === groupId);

  if (groups.length === 0) {
    return (
      <p className="text-sm text-stone-600">
        You have no groups yet.{" "}
        <Link href="/groups" className="font-medium text-rose-800 hover:underline">
          Create a group
        </Link>{" "}
        (Family, Clients…) to send to everyone in it at once.
      </p>
    );
  }

  const add = () =>
    startTransition(async () => {
      if (!group) return;
      const result = await addGroupAction({ project_uuid: projectUuid, group_id: group.id });
      if (!result.ok) return setMessage({ tone: "error", text: result.message });
      const n = result.data.added;
      const text = n === 0 ? `Everyone in ${group.name} is already on this project.` : `Added ${plural(n, "recipient")} from ${group.name}.`;
      setMessage({ tone: "success", text });
      notify(text, { quiet: true });
    });

  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SelectField label="Group" value={groupId} onChange={(event) => setGroupId(event.target.value)} className="sm:w-72">
          <option value="">Choose a group…</option>
          {groups.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name} ({plural(option.contactsCount, "contact")})
            </option>
          ))}
        </SelectField>
        <Button onClick={add} disabled={pending || !group || group.contactsCount === 0}>
          {pending ? "Adding…" : group ? `Add ${plural(group.contactsCount, "contact")}` : "Add group"}
        </Button>
      </div>
      {group && group.contactsCount === 0 ? <p className="text-sm text-stone-600">{group.name} has no contacts yet.</p> : null}
      <NoticeAlert notice={message} />
    </div>
  );
}
