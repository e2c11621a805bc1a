"use client";

import { useRef, useState, useTransition } from "react";
import { revokeTokenAction } from "@/app/(app)/account/developers/actions";
import { Button } from "@/components/ui/button";
import { useDisclosureFocus } from "@/components/ui/use-disclosure-focus";

/** Revoking asks once more, in place: a partner's integration stops working at once. */
export function RevokeTokenButton({ tokenId, appId }: { tokenId: string; appId: string }) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const revokeRef = useRef<HTMLButtonElement>(null);
  useDisclosureFocus(confirming, () => confirmRef.current?.focus(), revokeRef);

  function revoke() {
    setError(null);
    startTransition(async () => {
      const result = await revokeTokenAction({ token_id: tokenId });
      if (!result.ok) {
        setError(result.message);
        setConfirming(false);
      }
    });
  }

  if (!confirming) {
    return (
      <div className="flex flex-col items-end gap-1">
        <Button ref={revokeRef} variant="secondary" size="sm" onClick={() => setConfirming(true)} aria-label={`Revoke the token of ${appId}`}>
          Revoke
        </Button>
        {error ? (
          <p role="alert" className="text-xs text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <div
      role="group"
      aria-label={`Confirm revoking the token of ${appId}`}
      className="flex flex-wrap items-center justify-end gap-2"
      onKeyDown={(event) => event.key === "Escape" && !pending && setConfirming(false)}
    >
      <span className="text-xs text-stone-600">Apps using it stop working at once.</span>
      <Button ref={confirmRef} variant="danger" size="sm" onClick={revoke} disabled={pending}>
        {pending ? "Revoking…" : "Revoke token"}
      </Button>
      <Button variant="ghost" size="sm" onClick={() => setConfirming(false)} disabled={pending}>
        Cancel
      </Button>
    </div>
  );
}
