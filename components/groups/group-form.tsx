"use client";

import { useState, useTransition, type FormEvent } from "react";
import { createGroupAction, updateGroupAction } from "@/app/(app)/groups/actions";
import type { ActionResult } from "@/app/_lib/action";
import { FormFooter } from "@/components/ui/form-footer";
import { Alert } from "@/components/ui/feedback";
import { TextAreaField, TextField } from "@/components/ui/field";
import { GROUP_DESCRIPTION_MAX, GROUP_NAME_MAX } from "@/lib/groups/schema";

type Group = { id: number; name: string; description: string | null };

/** Creates a group (then opens it), or renames one and edits its description. */
export function GroupForm({ group }: { group?: Group }) {
  const [name, setName] = useState(group?.name ?? "");
  const [description, setDescription] = useState(group?.description ?? "");
  const [result, setResult] = useState<ActionResult<unknown> | null>(null);
  const [pending, startTransition] = useTransition();
  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const idPrefix = group ? "edit-group" : "group";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      const input = { name, description };
      const outcome = group ? await updateGroupAction({ id: group.id, ...input }) : await createGroupAction(input);
      // Creating navigates to the new group on success.
      if (outcome) setResult(outcome);
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {result && !result.ok && !result.fieldErrors ? <Alert>{result.message}</Alert> : null}
      <TextField
        id={`${idPrefix}-name`}
        label="Name"
        required
        maxLength={GROUP_NAME_MAX}
        placeholder={group ? undefined : "Family, Clients, Holiday list…"}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
        autoComplete="off"
      />
      <TextAreaField
        id={`${idPrefix}-description`}
        label="Description"
        rows={3}
        maxLength={GROUP_DESCRIPTION_MAX}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={errors.description}
        hint="Optional: who belongs here and why."
      />
      <FormFooter label={group ? "Save changes" : "Create group"} pending={pending} saved={!!result?.ok} />
    </form>
  );
}
