import Link from "next/link";
import { Badge } from "@/components/ui/feedback";
import { plural } from "@/components/ui/format";
import type { WebhookEndpoint } from "@/lib/webhooks/endpoints";
import { WebhookActiveToggle } from "./webhook-controls";

/** The account's webhook endpoints, each with its events and an on/off switch. */
export function WebhookList({ endpoints }: { endpoints: WebhookEndpoint[] }) {
  if (endpoints.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-stone-300 px-4 py-6 text-center text-sm text-stone-600">
        No webhook endpoints yet. Add one to hear of new orders and every change of a card&apos;s status as it happens, instead of asking the API.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200" aria-label="Webhook endpoints">
      {endpoints.map((endpoint) => (
        <li key={endpoint.id} className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0 space-y-1">
            <Link
              href={`/account/developers/webhooks/${endpoint.id}`}
              className="block font-mono text-sm font-medium break-all text-stone-900 underline-offset-2 hover:text-rose-800 hover:underline"
            >
              {endpoint.url}
            </Link>
            {endpoint.description ? <p className="text-sm text-stone-600">{endpoint.description}</p> : null}
            <p className="flex flex-wrap items-center gap-2 text-xs text-stone-500">
              {endpoint.active ? <Badge tone="green">Active</Badge> : <Badge>Off</Badge>}
              {plural(endpoint.events.length, "event")}: {endpoint.events.join(", ")}
            </p>
          </div>
          <WebhookActiveToggle id={endpoint.id} url={endpoint.url} active={endpoint.active} />
        </li>
      ))}
    </ul>
  );
}
