// GET /admin/print-batches/{id}/pdf — a print batch's PDF for an administrator's browser session; 404 for anyone else
import { sessionHandler } from "@/app/_lib/session-handler";
import { printBatchPdf } from "@/lib/print-batches/service";

export const GET = sessionHandler(async ({ service, params }) => {
  const { stream, filename } = await printBatchPdf(service, params.id ?? "");
  return new Response(stream, {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
});
