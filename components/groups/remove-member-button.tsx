"use client";

import { useState, useTransition } from "react";
import { removeContactFromGroupAction } from "@/app/(app)/groups/actions";
import { Button } from "@/components/ui/button";

export function RemoveMemberButton({ groupId, contactId, name }: { groupId: number; contactId: string; name: string }) {
  const [pending, startTransition] = useTransition();
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <div className="flex shrink-0 items-center gap-2">
      {failed ? (
        <span role="alert" className="text-xs text-red-700">
          {failed}
        </span>
      ) : null}
      <Button
        variant="ghost"
        size="sm"
        disabled={pending}
        aria-label={`Remove ${name} from the group`}
        onClick={() =>
          startTransition(async () => {
            const result = await removeContactFromGroupAction({ group_id: groupId, contact_id: contactId });
            setFailed(result.ok ? null : result.message);
          })
        }
      >
        {pending ? "Removing…" : "Remove"}
      </Button>
    </div>
  );
}
