import type { Metadata } from "next";
import { connection } from "next/server";
import { requireServiceContext } from "@/app/_lib/service-context";
import { PurchaseStatusPanel } from "@/components/credit/purchase-status";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState, PageHeader } from "@/components/ui/feedback";
import { purchaseStatus } from "@/lib/credit/purchase";

export const metadata: Metadata = { title: "Payment received" };

type Props = { searchParams: Promise<{ session_id?: string | string[] }> };

/** Where Stripe Checkout sends the buyer back: the new balance once Stripe's webhook has landed. */
export default async function PurchaseSuccessPage({ searchParams }: Props) {
  await connection();
  const ctx = await requireServiceContext();
  const { session_id: sessionId } = await searchParams;

  if (typeof sessionId !== "string" || sessionId.trim() === "" || sessionId.length > 255) {
    return (
      <div className="space-y-6">
        <PageHeader title="Add credit" />
        <EmptyState title="No payment to show" action={<ButtonLink href="/account/credit">Add credit</ButtonLink>}>
          This link does not name a payment. Your balance and every credit change are on your account page.
        </EmptyState>
      </div>
    );
  }

  const initial = await purchaseStatus(ctx, { session_id: sessionId });
  return (
    <div className="space-y-6">
      <PageHeader title="Thank you for your payment" description="Stripe sends Cardmail word of the payment, and the credit is added then." />
      <PurchaseStatusPanel sessionId={sessionId} initial={initial} />
    </div>
  );
}
