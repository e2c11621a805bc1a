import { connection } from "next/server";
import { requireAdminServiceContext } from "@/app/_lib/service-context";
import { AdminNav } from "@/components/admin/admin-nav";
import { EmptyState, PageHeader, Panel } from "@/components/ui/feedback";
import { plural } from "@/components/ui/format";
import { Time } from "@/components/ui/time";
import { buttonClass } from "@/components/ui/button";
import { listPrintBatches } from "@/lib/print-batches/service";
import { adminTitle } from "../_lib/admin-title";

export const generateMetadata = adminTitle("Print batches · Admin");

/** What the print shop is handed: one PDF for each pass of the fulfilment job that started production. */
export default async function AdminPrintBatchesPage() {
  await connection();
  const ctx = await requireAdminServiceContext();
  const batches = await listPrintBatches(ctx);

  return (
    <>
      <PageHeader
        title="Print batches"
        description="The cards that went into production together, as one PDF for the print shop: each card, then its envelope, sorted by ZIP code and then by name, the order a presorted mailing wants. The newest 100, newest first."
      />
      <AdminNav />
      {batches.length === 0 ? (
        <EmptyState title="No print batches yet">A batch is made each time the fulfilment job starts production of the cards whose day has come.</EmptyState>
      ) : (
        <Panel className="p-0">
          <ul className="divide-y divide-stone-200">
            {batches.map((batch) => (
              <li key={batch.id} id={`batch-${batch.id}`} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-5">
                <div className="text-sm">
                  <p className="font-semibold text-stone-900">Batch #{batch.id}</p>
                  <p className="text-stone-600">
                    {plural(batch.pieceCount, "card")} · <Time value={batch.createdAt} />
                  </p>
                </div>
                <a href={`/admin/print-batches/${batch.id}/pdf`} download className={buttonClass("secondary", "sm")} aria-label={`Download the PDF of batch ${batch.id}`}>
                  Download PDF
                </a>
              </li>
            ))}
          </ul>
        </Panel>
      )}
    </>
  );
}
