import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { requireServiceContext } from "@/app/_lib/service-context";
import { CancelPieceButton } from "@/components/orders/cancel-piece-button";
import { OrderHeader } from "@/components/orders/order-header";
import { PieceList } from "@/components/orders/piece-list";
import { ProofLink } from "@/components/cards/proof-link";
import { ProjectHeading } from "@/components/orders/project-heading";
import { Panel } from "@/components/ui/feedback";
import { formatMoney } from "@/lib/money";
import { isCancellable } from "@/lib/orders/status";
import { getAccount } from "@/lib/account/service";
import { getOrderProjects } from "@/lib/orders/summary";
import { loadOrder } from "../_lib/load-order";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  return { title: /^\d{1,10}$/.test(id) ? `Order #${id}` : "Order" };
}

export default async function OrderTrackingPage({ params }: Props) {
  await connection();
  const ctx = await requireServiceContext();
  const { id } = await params;
  const tracking = await loadOrder(id);
  const [projects, account] = await Promise.all([
    getOrderProjects(
      ctx,
      tracking.projects.map((p) => p.projectId),
    ),
    getAccount(ctx),
  ]);
  const pieces = tracking.projects.flatMap((p) => p.recipients);
  const { order, totals } = tracking;

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-3 text-sm">
        <Link href="/orders" className="font-medium text-rose-700 hover:text-rose-800 hover:underline">
          ← All orders
        </Link>
      </nav>
      <OrderHeader order={order} totals={totals} pieces={pieces} />

      <div className="space-y-6">
        {tracking.projects.map((project) => {
          const info = projects.get(project.projectId);
          return (
            <Panel key={project.projectId} className="p-4 sm:p-5">
              <ProjectHeading
                name={info?.name ?? "Project"}
                href={`/projects/${project.projectId}`}
                cardName={info?.cardName ?? null}
                thumbnailPath={info?.thumbnailPath ?? null}
                count={project.recipients.length}
              />
              <PieceList
                pieces={project.recipients}
                signoff={info?.signoff}
                renderAction={(piece) => (
                  <div className="flex flex-wrap gap-2">
                    <ProofLink href={`/orders/${order.id}/pieces/${piece.id}/proof`} forWhom={piece.name} />
                    {isCancellable(piece.status) ? <CancelPieceButton pieceId={piece.id} name={piece.name} price={formatMoney(piece.priceCents)} /> : null}
                  </div>
                )}
              />
            </Panel>
          );
        })}
      </div>
      <p className="mt-6 text-sm text-stone-600">
        A card can be cancelled until it goes into production; its price goes back to your credit. Times are shown in your account&apos;s time zone, {account.timeZone.replaceAll("_", " ")} (
        <Link href="/account#settings" className="font-medium text-rose-700 hover:text-rose-800 hover:underline">
          change it
        </Link>
        ).
      </p>
    </>
  );
}
