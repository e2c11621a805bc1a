// GET /api/v1/contacts/export — the whole address book as a CSV or vCard file, streamed
import { handler, route } from "@/lib/api/handler";
import { exportContactsStream, exportHeaders } from "@/lib/contacts/export";
import { exportContactsQuerySchema } from "@/lib/contacts/schema";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handler(async ({ service, query }) => {
    const { format } = query(exportContactsQuerySchema);
    return new Response(exportContactsStream(service, format), { status: 200, headers: exportHeaders(format, new Date()) });
  }),
});
