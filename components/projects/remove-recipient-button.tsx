"use client";

import { useState, useTransition } from "react";
import { removeRecipientAction } from "@/app/(app)/projects/actions";
import { Button } from "@/components/ui/button";
import { notify } from "@/components/ui/toast";

/** Takes one person off the project (the contact stays in the address book). */
export function RemoveRecipientButton({ projectUuid, contactId, name }: { projectUuid: string; contactId: string; name: string }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  return (
    <span className="inline-flex flex-col items-end gap-1">
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Remove ${name}`}
        disabled={pending}
        onClick={() =>
          startTransition(async () => {
            setError(null);
            const result = await removeRecipientAction({ project_uuid: projectUuid, contact_id: contactId });
            if (result.ok) notify(`${name} removed from the project`);
            else setError(result.message);
          })
        }
      >
        {pending ? "Removing…" : "Remove"}
      </Button>
      {error ? (
        <span role="alert" className="text-xs text-red-700">
          {error}
        </span>
      ) : null}
    </span>
  );
}
