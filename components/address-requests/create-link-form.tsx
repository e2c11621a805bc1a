"use client";

import { useState, useTransition, type FormEvent } from "react";
import { createAddressRequestAction } from "@/app/(app)/address-requests/actions";
import type { ActionResult } from "@/app/_lib/action";
import { Alert } from "@/components/ui/feedback";
import { TextAreaField } from "@/components/ui/field";
import { Button } from "@/components/ui/button";
import { ADDRESS_REQUEST_MESSAGE_MAX } from "@/lib/address-requests/limits";

/** A new link with the words its page shows above the form; it opens on its own page, to be shared. */
export function CreateLinkForm() {
  const [message, setMessage] = useState("");
  const [result, setResult] = useState<ActionResult<unknown> | null>(null);
  const [pending, startTransition] = useTransition();
  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      const outcome = await createAddressRequestAction({ message });
      if (outcome) setResult(outcome);
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {result && !result.ok && !result.fieldErrors ? <Alert>{result.message}</Alert> : null}
      <TextAreaField
        id="address-request-message"
        label="Message"
        rows={4}
        maxLength={ADDRESS_REQUEST_MESSAGE_MAX}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        error={errors.message}
        placeholder="We're sending holiday cards this year. Where should yours go?"
        hint="Optional: shown to your friends above the form."
      />
      <Button type="submit" disabled={pending}>
        {pending ? "Creating…" : "Create link"}
      </Button>
    </form>
  );
}
