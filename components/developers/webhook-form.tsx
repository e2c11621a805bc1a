"use client";

import Link from "next/link";
import { useState, useTransition, type FormEvent } from "react";
import { createWebhookAction, updateWebhookAction } from "@/app/(app)/account/developers/actions";
import { FormFooter } from "@/components/ui/form-footer";
import { Alert } from "@/components/ui/feedback";
import { TextField } from "@/components/ui/field";
import type { FieldErrors } from "@/lib/errors";
import type { WebhookEventType } from "@/lib/webhooks/schema";
import { SecretReveal } from "./secret-reveal";
import { EVENT_DESCRIPTIONS } from "./webhook-events";

type Endpoint = { id: string; url: string; description: string | null; events: WebhookEventType[] };

const fieldError = (errors: FieldErrors | undefined, name: string) =>
  errors ? Object.entries(errors).find(([key]) => key === name || key.startsWith(`${name}.`))?.[1] : undefined;

type Limits = { eventTypes: readonly WebhookEventType[]; urlMax: number; descriptionMax: number };

/**
 * Creates an endpoint (its signing secret is shown once, here) or edits one. The event types and
 * limits come from the server, so that the schema module stays out of the browser's bundle.
 */
export function WebhookForm({ endpoint, limits }: { endpoint?: Endpoint; limits: Limits }) {
  const [url, setUrl] = useState(endpoint?.url ?? "");
  const [description, setDescription] = useState(endpoint?.description ?? "");
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint?.events ?? ["order.created", "order.recipient.status_changed"]);
  const [error, setError] = useState<{ message: string; fields?: FieldErrors } | null>(null);
  const [saved, setSaved] = useState(false);
  const [created, setCreated] = useState<{ id: string; secret: string } | null>(null);
  const [pending, startTransition] = useTransition();

  function toggle(type: WebhookEventType, on: boolean) {
    setEvents((list) => (on ? limits.eventTypes.filter((t) => t === type || list.includes(t)) : list.filter((t) => t !== type)));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setSaved(false);
    startTransition(async () => {
      const input = { url, description, events };
      const result = endpoint ? await updateWebhookAction({ id: endpoint.id, ...input }) : await createWebhookAction(input);
      if (!result.ok) {
        setError({ message: result.message, fields: result.fieldErrors });
        return;
      }
      if (result.data) setCreated(result.data);
      else setSaved(true);
    });
  }

  if (created) {
    return (
      <div className="space-y-4">
        <SecretReveal label="Signing secret" value={created.secret}>
          <p className="text-sm text-amber-950">Your receiver verifies each request with it: see the guide in Developers.</p>
        </SecretReveal>
        <Link href={`/account/developers/webhooks/${created.id}`} className="inline-block text-sm font-medium text-rose-700 underline-offset-2 hover:underline">
          Go to the endpoint, send a test event <span aria-hidden="true">→</span>
        </Link>
      </div>
    );
  }

  const eventsError = fieldError(error?.fields, "events");
  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={endpoint ? "Edit endpoint" : "New endpoint"}>
      <TextField
        label="URL"
        name="url"
        type="url"
        inputMode="url"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        required
        requiredAs="aria"
        maxLength={limits.urlMax}
        placeholder="https://example.com/webhooks/cardmail"
        hint="An https address that Cardmail can reach on the public internet."
        error={fieldError(error?.fields, "url")}
      />
      <TextField
        label="Description"
        name="description"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        maxLength={limits.descriptionMax}
        error={fieldError(error?.fields, "description")}
      />
      <fieldset aria-describedby={eventsError ? "webhook-events-error" : undefined}>
        <legend className="text-sm font-medium text-stone-700">
          Events<span className="text-red-700" aria-hidden="true"> *</span>
        </legend>
        <div className="mt-2 space-y-2">
          {limits.eventTypes.map((type) => (
            <label key={type} className="flex items-start gap-3 rounded-lg border border-stone-200 px-3 py-2 text-sm">
              <input
                type="checkbox"
                name="events"
                value={type}
                checked={events.includes(type)}
                onChange={(e) => toggle(type, e.target.checked)}
                className="mt-0.5 h-4 w-4 shrink-0 accent-rose-700"
              />
              <span className="min-w-0">
                <span className="block font-mono text-xs font-medium break-all text-stone-900">{type}</span>
                <span className="block text-stone-600">{EVENT_DESCRIPTIONS[type]}</span>
              </span>
            </label>
          ))}
        </div>
        {eventsError ? (
          <p id="webhook-events-error" className="mt-1 text-sm text-red-700">
            {eventsError[0]}
          </p>
        ) : null}
      </fieldset>
      {error && !error.fields ? <Alert>{error.message}</Alert> : null}
      <FormFooter label={endpoint ? "Save changes" : "Create endpoint"} pending={pending} saved={saved} />
    </form>
  );
}
