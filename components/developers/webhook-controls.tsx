"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import {
  deleteWebhookAction,
  retryWebhookDeliveryAction,
  rotateWebhookSecretAction,
  sendTestWebhookAction,
  updateWebhookAction,
} from "@/app/(app)/account/developers/actions";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { NoticeAlert, type Notice } from "@/components/ui/feedback";
import { OnOffSwitch } from "@/components/ui/on-off-switch";
import { SecretReveal } from "./secret-reveal";

/** The endpoint's on/off switch: an endpoint switched off is sent nothing but the tests asked for. */
export function WebhookActiveToggle({ id, url, active }: { id: string; url: string; active: boolean }) {
  return <OnOffSwitch label={`Send events to ${url}`} active={active} onToggle={(next) => updateWebhookAction({ id, active: next })} />;
}

/** Send a test event, rotate the secret (the new one shown once) and, in a danger zone, delete, for one endpoint. */
export function WebhookActions({ id }: { id: string }) {
  const router = useRouter();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const sendTest = () =>
    startTransition(async () => {
      setNotice(null);
      const result = await sendTestWebhookAction({ id });
      setNotice(result.ok ? { tone: "success", text: "A webhook.test event is on its way: it shows in the deliveries below." } : { tone: "error", text: result.message });
    });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={sendTest} disabled={pending}>
          {pending ? "Sending…" : "Send a test event"}
        </Button>
        <ConfirmDialog
          triggerLabel="Rotate secret"
          title="Rotate the signing secret?"
          confirmLabel="Rotate secret"
          pendingLabel="Rotating…"
          onConfirm={async () => {
            const result = await rotateWebhookSecretAction({ id });
            if (!result.ok) return result;
            setSecret(result.data.secret);
            return { ok: true };
          }}
        >
          A new secret signs every request from now on. The current one also signs them for 24 hours, so your receiver can switch without missing events.
        </ConfirmDialog>
      </div>
      <NoticeAlert notice={notice} />
      {secret ? <SecretReveal label="New signing secret" value={secret} /> : null}
      {/* Away from the everyday buttons, so that deleting is never a slip of the finger. */}
      <section aria-labelledby={`danger-${id}`} className="mt-8 rounded-lg border border-red-200 bg-red-50/40 p-4">
        <h3 id={`danger-${id}`} className="text-sm font-semibold text-red-800">
          Danger zone
        </h3>
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-stone-700">Deleting the endpoint stops its events and deletes its delivery log.</p>
          <ConfirmDialog
            triggerLabel="Delete endpoint"
            triggerVariant="danger"
            title="Delete this endpoint?"
            confirmLabel="Delete endpoint"
            pendingLabel="Deleting…"
            onConfirm={async () => {
              const result = await deleteWebhookAction({ id });
              if (!result.ok) return result;
              router.push("/account/developers?webhook=deleted");
              return { ok: true };
            }}
          >
            Cardmail stops sending it events at once, and its delivery log is deleted with it.
          </ConfirmDialog>
        </div>
      </section>
    </div>
  );
}

/** Asks for one more attempt of a delivery now. */
export function RetryDeliveryButton({ id, deliveryId }: { id: string; deliveryId: number }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const retry = () =>
    startTransition(async () => {
      setError(null);
      const result = await retryWebhookDeliveryAction({ id, delivery_id: deliveryId });
      if (!result.ok) setError(result.message);
    });
  return (
    <div className="flex flex-col items-start gap-1">
      <Button variant="secondary" size="sm" onClick={retry} disabled={pending} aria-label={`Retry delivery ${deliveryId}`}>
        {pending ? "Retrying…" : "Retry"}
      </Button>
      {error ? (
        <p role="alert" className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
