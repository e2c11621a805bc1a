// POST /api/v1/contacts/import — an address book file (CSV or vCard) in, all or nothing, or the valid rows with on_invalid=skip
import { handler, route } from "@/lib/api/handler";
import { json, readBodyBytes } from "@/lib/api/http";
import { AppError } from "@/lib/errors";
import { charsetOfContentType, decodeImportBytes } from "@/lib/import/decode";
import { IMPORT_MAX_BYTES, importQuerySchema } from "@/lib/import/schema";
import { importContacts, type ImportFormat } from "@/lib/import/service";

const FORMAT_BY_MEDIA_TYPE: Record<string, ImportFormat> = {
  "text/csv": "csv",
  "application/csv": "csv",
  "text/vcard": "vcard",
  "text/x-vcard": "vcard",
  "text/directory": "vcard",
};

export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: handler(async ({ req, service, query }) => {
    const { dry_run, on_invalid, date_order } = query(importQuerySchema);
    const contentType = req.headers.get("content-type");
    const mediaType = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
    const format = FORMAT_BY_MEDIA_TYPE[mediaType];
    if (!format) throw new AppError("unsupported_media_type", "Send the file as Content-Type: text/csv or text/vcard.");
    const bytes = await readBodyBytes(req, IMPORT_MAX_BYTES);
    const { text } = await decodeImportBytes(bytes, charsetOfContentType(contentType));
    return json({ data: await importContacts(service, format, text, { dryRun: dry_run, onInvalid: on_invalid, dateOrder: date_order ?? null }) });
  }),
});
