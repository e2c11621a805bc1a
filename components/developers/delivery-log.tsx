import Link from "next/link";
import { Badge } from "@/components/ui/feedback";
import { Time } from "@/components/ui/time";
import type { WebhookAttempt, WebhookDelivery } from "@/lib/webhooks/endpoints";
import { RetryDeliveryButton } from "./webhook-controls";

export type DeliveryWithAttempts = WebhookDelivery & { attemptLog: WebhookAttempt[] };

const STATUS = {
  pending: { tone: "amber", label: "Pending" },
  succeeded: { tone: "green", label: "Succeeded" },
  failed: { tone: "red", label: "Failed" },
} as const;

function Body({ label, text }: { label: string; text: string | null }) {
  return (
    <div className="min-w-0">
      <p className="text-xs font-medium text-stone-600">{label}</p>
      {text ? (
        <pre tabIndex={0} role="group" aria-label={label} className="mt-1 max-h-48 overflow-auto rounded-md bg-stone-900 p-3 text-xs whitespace-pre-wrap break-all text-stone-100">
          {text}
        </pre>
      ) : (
        <p className="mt-1 text-xs text-stone-500">None</p>
      )}
    </div>
  );
}

function Attempt({ attempt }: { attempt: WebhookAttempt }) {
  const ok = attempt.responseStatus !== null && attempt.responseStatus >= 200 && attempt.responseStatus < 300;
  return (
    <li className="space-y-2 py-3">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium text-stone-900">Attempt {attempt.attempt}</span>
        <Badge tone={ok ? "green" : "red"}>{attempt.responseStatus !== null ? `HTTP ${attempt.responseStatus}` : "No response"}</Badge>
        <span className="text-stone-600">
          {attempt.durationMs.toLocaleString("en-US")} ms · <Time value={attempt.createdAt} />
        </span>
      </p>
      {attempt.error ? <p className="text-sm text-red-700">{attempt.error}</p> : null}
      <div className="grid gap-3 lg:grid-cols-2">
        <Body label={`Request body of attempt ${attempt.attempt}`} text={attempt.requestBody} />
        <Body label={`Response body of attempt ${attempt.attempt}`} text={attempt.responseBody} />
      </div>
    </li>
  );
}

/** An endpoint's deliveries, newest first, each with its attempts and the bodies as logged (cut short). */
export function DeliveryLog({ endpointId, deliveries, olderHref }: { endpointId: string; deliveries: DeliveryWithAttempts[]; olderHref: string | null }) {
  if (deliveries.length === 0) {
    return <p className="rounded-lg border border-dashed border-stone-300 px-4 py-6 text-center text-sm text-stone-600">No deliveries yet. Send a test event to see one.</p>;
  }
  return (
    <div className="space-y-4">
      <ol className="divide-y divide-stone-100 rounded-lg border border-stone-200" aria-label="Deliveries">
        {deliveries.map((delivery) => (
          <li key={delivery.id} className="space-y-2 px-4 py-3">
            <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0 space-y-1">
                <p className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-mono font-medium break-all text-stone-900">{delivery.eventType}</span>
                  <Badge tone={STATUS[delivery.status].tone}>{STATUS[delivery.status].label}</Badge>
                </p>
                <p className="text-xs text-stone-500">
                  <Time value={delivery.createdAt} /> · {delivery.attempts === 1 ? "1 attempt" : `${delivery.attempts} attempts`}
                  {delivery.responseStatus !== null ? ` · last answer HTTP ${delivery.responseStatus}` : ""}
                  {delivery.status === "pending" && delivery.nextAttemptAt ? (
                    <>
                      {" · next attempt "}
                      <Time value={delivery.nextAttemptAt} />
                    </>
                  ) : null}
                </p>
                <p className="font-mono text-xs break-all text-stone-500">webhook-id {delivery.eventId}</p>
                {delivery.error ? <p className="text-sm text-red-700">{delivery.error}</p> : null}
              </div>
              <RetryDeliveryButton id={endpointId} deliveryId={delivery.id} />
            </div>
            {delivery.attemptLog.length > 0 ? (
              <details className="rounded-md bg-stone-50 px-3">
                <summary className="cursor-pointer py-2 text-sm font-medium text-stone-700">Attempts ({delivery.attemptLog.length})</summary>
                <ol className="divide-y divide-stone-200">
                  {delivery.attemptLog.map((attempt) => (
                    <Attempt key={attempt.id} attempt={attempt} />
                  ))}
                </ol>
              </details>
            ) : null}
          </li>
        ))}
      </ol>
      {olderHref ? (
        <Link href={olderHref} className="inline-block text-sm font-medium text-rose-700 underline-offset-2 hover:underline">
          Older deliveries <span aria-hidden="true">→</span>
        </Link>
      ) : null}
    </div>
  );
}
