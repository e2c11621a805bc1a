"use client";

import { useState, useTransition, type FormEvent } from "react";
import { createTokenAction } from "@/app/(app)/account/developers/actions";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/feedback";
import { TextField } from "@/components/ui/field";
import type { FieldErrors } from "@/lib/errors";
import { SecretReveal } from "./secret-reveal";

type Made = { token: string; app_id: string; replaced: boolean };

/**
 * Makes a token for an app_id, as `POST /auth/login` does: an app_id that already has one gets a
 * new one and the old one stops working, which the form says before and after.
 */
export function CreateTokenForm({ appIdsInUse }: { appIdsInUse: string[] }) {
  const [appId, setAppId] = useState("");
  const [made, setMade] = useState<Made | null>(null);
  const [error, setError] = useState<{ message: string; fields?: FieldErrors } | null>(null);
  const [pending, startTransition] = useTransition();
  const replaces = appIdsInUse.includes(appId.trim());

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    startTransition(async () => {
      const result = await createTokenAction({ app_id: appId });
      if (!result.ok) {
        setError({ message: result.message, fields: result.fieldErrors });
        return;
      }
      setMade(result.data);
      setAppId("");
    });
  }

  return (
    <div className="space-y-4">
      <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label="App ID"
          name="app_id"
          value={appId}
          onChange={(event) => setAppId(event.target.value)}
          required
          requiredAs="aria"
          maxLength={100}
          autoComplete="off"
          spellCheck={false}
          className="sm:w-80"
          error={error?.fields?.app_id}
          hint={
            replaces ? (
              <span className="text-amber-800">
                {appId.trim()} already has a token: a new one revokes it, and apps using it stop working.
              </span>
            ) : (
              "A name for the app or script that will use the token, such as crm-sync."
            )
          }
        />
        <Button type="submit" disabled={pending} className="sm:mt-6">
          {pending ? "Creating…" : replaces ? "Replace token" : "Create token"}
        </Button>
      </form>
      {error && !error.fields ? <Alert>{error.message}</Alert> : null}
      {made ? (
        <SecretReveal label={`New token for ${made.app_id}`} value={made.token}>
          {made.replaced ? <p className="text-sm text-amber-950">The previous token of {made.app_id} was revoked: apps using it stop working.</p> : null}
          <p className="text-sm text-amber-950">
            Send it as <code className="rounded bg-white px-1 py-0.5 text-xs">Authorization: Bearer …</code> with every API request.
          </p>
        </SecretReveal>
      ) : null}
    </div>
  );
}
