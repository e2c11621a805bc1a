// GET /contacts/export — the address book's download for the signed-in browser session
import { sessionHandler } from "@/app/_lib/session-handler";
import { exportContactsStream, exportHeaders } from "@/lib/contacts/export";
import { exportContactsQuerySchema } from "@/lib/contacts/schema";

export const GET = sessionHandler(async ({ service, query }) => {
  const { format } = query(exportContactsQuerySchema);
  return new Response(exportContactsStream(service, format), { status: 200, headers: exportHeaders(format, new Date()) });
});
