// POST /api/v1/contacts/import — an address book file (CSV or vCard) in, all or nothing
import { handler, route } from "@/lib/api/handler";
import { json, readBodyText } from "@/lib/api/http";
import { AppError } from "@/lib/errors";
import { IMPORT_MAX_BYTES, importQuerySchema } from "@/lib/contacts/import/schema";
import { importContacts, type ImportFormat } from "@/lib/contacts/import/service";

const FORMAT_BY_MEDIA_TYPE: Record<string, ImportFormat> = {
  "text/csv": "csv",
  "application/csv": "csv",
  "text/vcard": "vcard",
  "text/x-vcard": "vcard",
  "text/directory": "vcard",
};

export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: handler(async ({ req, service, query }) => {
    const { dry_run } = query(importQuerySchema);
    const mediaType = (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    const format = FORMAT_BY_MEDIA_TYPE[mediaType];
    if (!format) throw new AppError("unsupported_media_type", "Send the file as Content-Type: text/csv or text/vcard.");
    const content = await readBodyText(req, IMPORT_MAX_BYTES);
    return json({ data: await importContacts(service, format, content, { dryRun: dry_run }) });
  }),
});
