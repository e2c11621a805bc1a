import Link from "next/link";
import { connection } from "next/server";
import { requireAdminServiceContext } from "@/app/_lib/service-context";
import { AdminNav } from "@/components/admin/admin-nav";
import { StatusChanger } from "@/components/admin/status-changer";
import { OrderHeader } from "@/components/orders/order-header";
import { PieceList } from "@/components/orders/piece-list";
import { ProjectHeading } from "@/components/orders/project-heading";
import { Panel } from "@/components/ui/feedback";
import { getOrderForAdmin } from "@/lib/admin/service";
import { orNotFound } from "@/app/_lib/or-not-found";
import { adminTitle } from "../../_lib/admin-title";

export const generateMetadata = adminTitle("Order · Admin");

type Props = { params: Promise<{ id: string }> };

export default async function AdminOrderPage({ params }: Props) {
  await connection();
  const ctx = await requireAdminServiceContext();
  const { id } = await params;
  const detail = await orNotFound(getOrderForAdmin(ctx, id));
  const { order, totals } = detail;
  const pieces = detail.projects.flatMap((p) => p.recipients);

  return (
    <>
      <AdminNav />
      <nav aria-label="Breadcrumb" className="mb-3 text-sm">
        <Link href="/admin/orders" className="font-medium text-rose-700 hover:text-rose-800 hover:underline">
          ← All orders
        </Link>
      </nav>
      <OrderHeader
        order={order}
        totals={totals}
        pieces={pieces}
        buyer={
          <Link href={`/admin/orders?user=${order.userId}`} className="font-medium text-stone-900 hover:underline">
            {order.userEmail}
          </Link>
        }
      />
      <div className="space-y-6">
        {detail.projects.map((project) => (
          <Panel key={project.projectId} className="p-4 sm:p-5">
            <ProjectHeading name={project.name} cardName={project.cardName || null} thumbnailPath={project.thumbnailPath} count={project.recipients.length} />
            <PieceList
              pieces={project.recipients}
              renderAction={(piece) => (
                <div className="flex flex-col items-start gap-2 md:items-end">
                  {piece.printBatchId ? (
                    <Link href={`/admin/print-batches#batch-${piece.printBatchId}`} className="text-sm font-medium text-rose-700 hover:text-rose-800 hover:underline">
                      Print batch #{piece.printBatchId}
                    </Link>
                  ) : null}
                  <StatusChanger orderId={order.id} pieceId={piece.id} name={piece.name} options={piece.nextStatuses} />
                </div>
              )}
            />
          </Panel>
        ))}
      </div>
      <p className="mt-6 text-sm text-stone-600">Cancelling a card refunds its price to the buyer&apos;s credit. Every change is recorded with its time.</p>
    </>
  );
}
