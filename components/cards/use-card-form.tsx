"use client";

import Link from "next/link";
import { useState, useTransition } from "react";
import { changeCardAndReturnAction } from "@/app/(app)/projects/actions";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/feedback";

type Props = { projectUuid: string; projectName: string; cardId: number; isCurrent: boolean };

/** "Change card": puts this card on the project and goes back to it. */
export function UseCardForm({ projectUuid, projectName, cardId, isCurrent }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  if (isCurrent) {
    return (
      <p className="text-sm text-stone-700">
        This is already the card of <strong className="font-semibold">{projectName}</strong>.{" "}
        <Link href={`/projects/${projectUuid}`} className="font-medium text-rose-800 underline hover:no-underline">
          Back to the project
        </Link>
      </p>
    );
  }
  return (
    <div className="space-y-3">
      <p className="text-sm text-stone-700">
        The project <strong className="font-semibold">{projectName}</strong> keeps its name, message and recipients; only the card changes.
      </p>
      {error ? <Alert>{error}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={pending}
          onClick={() =>
            startTransition(async () => {
              setError(null);
              const result = await changeCardAndReturnAction({ project_uuid: projectUuid, card_id: cardId });
              if (result && !result.ok) setError(result.message);
            })
          }
        >
          {pending ? "Changing card…" : "Use this card"}
        </Button>
        <Link href={`/projects/${projectUuid}`} className="inline-flex items-center px-3 text-sm font-medium text-stone-700 hover:text-stone-900">
          Keep the current card
        </Link>
      </div>
    </div>
  );
}
