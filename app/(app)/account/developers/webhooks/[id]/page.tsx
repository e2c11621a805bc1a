import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { requireServiceContext } from "@/app/_lib/service-context";
import { DeliveryLog, type DeliveryWithAttempts } from "@/components/developers/delivery-log";
import { DeleteWebhookButton, WebhookActions, WebhookActiveToggle } from "@/components/developers/webhook-controls";
import { WebhookForm } from "@/components/developers/webhook-form";
import { WEBHOOK_FORM_LIMITS } from "@/components/developers/webhook-limits";
import { Alert, PageHeader, Panel } from "@/components/ui/feedback";
import { AppError } from "@/lib/errors";
import { listAttempts, listDeliveries, type WebhookDeliveryPage } from "@/lib/webhooks/endpoints";
import { loadEndpoint } from "../../_lib/load-endpoint";

export const metadata: Metadata = { title: "Webhook endpoint" };

const DELIVERIES_PER_PAGE = 10;

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ cursor?: string | string[] }> };

export default async function WebhookPage({ params, searchParams }: Props) {
  await connection();
  const { id } = await params;
  const { cursor: rawCursor } = await searchParams;
  const cursor = typeof rawCursor === "string" && rawCursor !== "" ? rawCursor : undefined;
  const ctx = await requireServiceContext();
  const endpoint = await loadEndpoint(id);

  let page: WebhookDeliveryPage;
  let staleCursor = false;
  try {
    page = await listDeliveries(ctx, endpoint.id, { cursor, per_page: DELIVERIES_PER_PAGE });
  } catch (error) {
    // A mangled "Older deliveries" link: the newest deliveries rather than an error page.
    if (!(error instanceof AppError) || !cursor) throw error;
    staleCursor = true;
    page = await listDeliveries(ctx, endpoint.id, { per_page: DELIVERIES_PER_PAGE });
  }
  const deliveries: DeliveryWithAttempts[] = await Promise.all(
    page.deliveries.map(async (delivery) => ({ ...delivery, attemptLog: await listAttempts(ctx, endpoint.id, delivery.id) })),
  );
  const olderHref = page.nextCursor ? `/account/developers/webhooks/${endpoint.id}?${new URLSearchParams({ cursor: page.nextCursor })}` : null;

  return (
    <div className="space-y-6">
      <Link href="/account/developers" className="text-sm font-medium text-rose-700 underline-offset-2 hover:underline">
        <span aria-hidden="true">←</span> Developers
      </Link>
      <PageHeader
        title="Webhook endpoint"
        description={<span className="font-mono break-all">{endpoint.url}</span>}
        actions={<WebhookActiveToggle id={endpoint.id} url={endpoint.url} active={endpoint.active} />}
      />

      <Panel title="Test and secret">
        <WebhookActions id={endpoint.id} />
      </Panel>

      <Panel title="Deliveries">
        {staleCursor ? (
          <Alert tone="info" className="mb-4">
            That page of deliveries is no longer available; here are the newest.
          </Alert>
        ) : null}
        <DeliveryLog endpointId={endpoint.id} deliveries={deliveries} olderHref={olderHref} />
      </Panel>

      <Panel title="Settings">
        <WebhookForm endpoint={endpoint} limits={WEBHOOK_FORM_LIMITS} />
      </Panel>

      <Panel title="Danger zone" className="border-red-200">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-stone-600">Deleting the endpoint stops its events at once and deletes its delivery log. It cannot be undone.</p>
          <DeleteWebhookButton id={endpoint.id} />
        </div>
      </Panel>
    </div>
  );
}
