import type { Metadata } from "next";
import { connection } from "next/server";
import { requireServiceContext } from "@/app/_lib/service-context";
import { AccountNav } from "@/components/account/account-nav";
import { CreateTokenForm } from "@/components/developers/create-token-form";
import { DeveloperGuide } from "@/components/developers/guide";
import { TokenList } from "@/components/developers/token-list";
import { PageHeader, Panel } from "@/components/ui/feedback";
import { listActiveTokens } from "@/lib/auth/tokens";
import { appOrigin } from "@/lib/config";

export const metadata: Metadata = { title: "Developers" };

export default async function DevelopersPage() {
  await connection();
  const ctx = await requireServiceContext();
  const tokens = await listActiveTokens(ctx.db, ctx.user.id);

  return (
    <div className="space-y-6">
      <div>
        <PageHeader title="Developers" description="Connect your own apps to Cardmail: API tokens and a guide to the API." />
        <AccountNav />
      </div>

      <Panel title="API tokens">
        <p className="-mt-2 mb-4 text-sm text-stone-600">Each app or script gets its own token, named by an app ID, so you can revoke one without stopping the others.</p>
        <CreateTokenForm appIdsInUse={tokens.map((token) => token.app_id)} />
        <div className="mt-6">
          <TokenList tokens={tokens} />
        </div>
      </Panel>

      <Panel title="Getting started">
        <DeveloperGuide apiBase={`${appOrigin()}/api/v1`} />
      </Panel>
    </div>
  );
}
