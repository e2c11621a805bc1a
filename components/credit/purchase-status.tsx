"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { QueryProvider } from "@/components/ui/query-provider";
import { useState } from "react";
import type { PurchaseStatus } from "@/lib/credit/purchase";
import { ButtonLink } from "@/components/ui/button";
import { Alert, Panel } from "@/components/ui/feedback";
import { formatMoney } from "@/lib/money";

/** Checks made before the page says that Stripe is taking longer than usual (about half a minute). */
const PATIENT_CHECKS = 15;
const CHECK_EVERY_MS = 2000;
const SLOW_CHECK_EVERY_MS = 10_000;

async function fetchStatus(sessionId: string): Promise<PurchaseStatus> {
  const res = await fetch(`/account/credit/session-data?session_id=${encodeURIComponent(sessionId)}`, { cache: "no-store" });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(body?.message ?? "The payment could not be checked just now.");
  return body as PurchaseStatus;
}

const linkClass = "font-medium text-rose-700 underline-offset-2 hover:underline";

/** Polls until the webhook has credited the session, then shows the new balance. */
function PurchaseStatusPanelView({ sessionId, initial }: { sessionId: string; initial: PurchaseStatus }) {
  const [checks, setChecks] = useState(0);
  const query = useQuery({
    queryKey: ["purchase-status", sessionId],
    queryFn: () => {
      setChecks((n) => n + 1);
      return fetchStatus(sessionId);
    },
    initialData: initial,
    refetchInterval: (q) => (q.state.data?.applied ? false : q.state.dataUpdateCount > PATIENT_CHECKS ? SLOW_CHECK_EVERY_MS : CHECK_EVERY_MS),
    retry: false,
  });
  const status = query.data;

  if (status.applied) {
    return (
      <Panel title="Credit added">
        <div role="status" className="space-y-2">
          <p className="text-sm text-stone-700">{formatMoney(status.amountCents)} was added to your credit.</p>
          <p className="text-sm text-stone-600">Your balance is now</p>
          <p className="text-4xl font-semibold tracking-tight text-stone-900 tabular-nums">{formatMoney(status.balanceCents)}</p>
        </div>
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink href="/projects">Send a card</ButtonLink>
          <ButtonLink href="/account#credit-history" variant="secondary">
            See the credit history
          </ButtonLink>
        </div>
      </Panel>
    );
  }

  const stillWaiting = checks > PATIENT_CHECKS;
  return (
    <Panel title="Waiting for Stripe">
      <div role="status" aria-live="polite" className="space-y-3 text-sm text-stone-700">
        <p className="flex items-center gap-3">
          <span aria-hidden="true" className="inline-block size-4 animate-spin rounded-full border-2 border-stone-300 border-t-rose-700" />
          {stillWaiting ? "Still waiting for Stripe to confirm your payment." : "Waiting for Stripe to confirm your payment…"}
        </p>
        {stillWaiting ? (
          <p>
            This can take a few minutes. You can leave this page: the credit is added to your balance as soon as Stripe confirms, and shows in your{" "}
            <Link href="/account#credit-history" className={linkClass}>
              credit history
            </Link>
            . Your balance until then is {formatMoney(status.balanceCents)}.
          </p>
        ) : (
          <p>This page updates by itself; it usually takes a few seconds.</p>
        )}
      </div>
      {query.isError ? (
        <Alert className="mt-4">The payment could not be checked just now. Trying again…</Alert>
      ) : null}
    </Panel>
  );
}

/** With its own query cache: no other part of the page uses one. */
export function PurchaseStatusPanel(props: { sessionId: string; initial: PurchaseStatus }) {
  return (
    <QueryProvider>
      <PurchaseStatusPanelView {...props} />
    </QueryProvider>
  );
}
