import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { requireServiceContext } from "@/app/_lib/service-context";
import { WebhookForm } from "@/components/developers/webhook-form";
import { WEBHOOK_FORM_LIMITS } from "@/components/developers/webhook-limits";
import { PageHeader, Panel } from "@/components/ui/feedback";

export const metadata: Metadata = { title: "New webhook endpoint" };

export default async function NewWebhookPage() {
  await connection();
  await requireServiceContext();
  return (
    <div className="space-y-6">
      <Link href="/account/developers" className="text-sm font-medium text-rose-700 underline-offset-2 hover:underline">
        <span aria-hidden="true">←</span> Developers
      </Link>
      <PageHeader title="New webhook endpoint" description="Cardmail sends a signed POST request to this address for each event you choose." />
      <Panel>
        <WebhookForm limits={WEBHOOK_FORM_LIMITS} />
      </Panel>
    </div>
  );
}
