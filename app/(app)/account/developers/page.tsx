import type { Metadata } from "next";
import { connection } from "next/server";
import { requireServiceContext } from "@/app/_lib/service-context";
import { AccountNav } from "@/components/account/account-nav";
import { CreateTokenForm } from "@/components/developers/create-token-form";
import { DeveloperGuide } from "@/components/developers/guide";
import { TokenList } from "@/components/developers/token-list";
import { WebhookList } from "@/components/developers/webhook-list";
import { ButtonLink } from "@/components/ui/button";
import { Alert, PageHeader, Panel } from "@/components/ui/feedback";
import { listActiveTokens } from "@/lib/auth/tokens";
import { appOrigin } from "@/lib/config";
import { listEndpoints } from "@/lib/webhooks/endpoints";
import { MAX_WEBHOOK_ENDPOINTS } from "@/lib/webhooks/schema";

export const metadata: Metadata = { title: "Developers" };

type Props = { searchParams: Promise<{ webhook?: string | string[] }> };

export default async function DevelopersPage({ searchParams }: Props) {
  await connection();
  const ctx = await requireServiceContext();
  const [tokens, endpoints, { webhook }] = await Promise.all([listActiveTokens(ctx.db, ctx.user.id), listEndpoints(ctx), searchParams]);
  const atLimit = endpoints.length >= MAX_WEBHOOK_ENDPOINTS;

  return (
    <div className="space-y-6">
      <div>
        <PageHeader title="Developers" description="Connect your own apps to Cardmail: API tokens, webhooks and a guide to both." />
        <AccountNav />
      </div>

      <Panel title="API tokens">
        <p className="-mt-2 mb-4 text-sm text-stone-600">Each app or script gets its own token, named by an app ID, so you can revoke one without stopping the others.</p>
        <CreateTokenForm appIdsInUse={tokens.map((token) => token.app_id)} />
        <div className="mt-6">
          <TokenList tokens={tokens} />
        </div>
      </Panel>

      <Panel
        title="Webhook endpoints"
        actions={
          atLimit ? null : (
            <ButtonLink href="/account/developers/webhooks/new" size="sm" className="shrink-0 whitespace-nowrap">
              Add endpoint
            </ButtonLink>
          )
        }
      >
        <p className="-mt-2 mb-4 text-sm text-stone-600">
          Cardmail sends a signed request to each active endpoint when an event it subscribes to happens, and retries for about a day while it gets no 2xx answer.
        </p>
        {webhook === "deleted" ? (
          <Alert tone="success" className="mb-4">
            The endpoint was deleted.
          </Alert>
        ) : null}
        {atLimit ? (
          <Alert tone="info" className="mb-4">
            You have {MAX_WEBHOOK_ENDPOINTS} endpoints, the most an account can have: delete one to add another.
          </Alert>
        ) : null}
        <WebhookList endpoints={endpoints} />
      </Panel>

      <Panel title="Getting started">
        <DeveloperGuide apiBase={`${appOrigin()}/api/v1`} />
      </Panel>
    </div>
  );
}
