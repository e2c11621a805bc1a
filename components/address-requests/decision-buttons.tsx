"use client";

import { useState, useTransition } from "react";
import { decideAllAction, decideSubmissionAction } from "@/app/(app)/address-requests/actions";
import { Button } from "@/components/ui/button";
import { notify } from "@/components/ui/toast";

type Decision = "accept" | "reject";

/** Accept or reject one submission; the page then shows it decided. */
export function DecisionButtons({ requestId, submissionId, name }: { requestId: number; submissionId: number; name: string }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const decide = (decision: Decision) =>
    startTransition(async () => {
      setError(null);
      const result = await decideSubmissionAction({ request_id: requestId, submission_id: submissionId, decision });
      if (!result.ok) setError(result.message);
      else notify(decision === "accept" ? `${name} is in your contacts` : `${name}'s address rejected`);
    });
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button size="sm" onClick={() => decide("accept")} disabled={pending} aria-label={`Accept ${name}`}>
        Accept
      </Button>
      <Button size="sm" variant="secondary" onClick={() => decide("reject")} disabled={pending} aria-label={`Reject ${name}`}>
        Reject
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Accept or reject every submission still waiting on this link. */
export function DecideAllButtons({ requestId, count }: { requestId: number; count: number }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const decide = (decision: Decision) =>
    startTransition(async () => {
      setError(null);
      const result = await decideAllAction({ request_id: requestId, decision });
      if (!result.ok) setError(result.message);
      else notify(`${result.data} ${result.data === 1 ? "address" : "addresses"} ${decision === "accept" ? "accepted" : "rejected"}`);
    });
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button size="sm" onClick={() => decide("accept")} disabled={pending}>
        Accept all {count}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => decide("reject")} disabled={pending}>
        Reject all {count}
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
