// POST /contacts/import-file — the import page's dry run and import, for the signed-in browser session
import { sessionHandler } from "@/app/_lib/session-handler";
import { json, readBodyBytes } from "@/lib/api/http";
import { AppError } from "@/lib/errors";
import { charsetOfContentType, decodeImportBytes } from "@/lib/import/decode";
import { IMPORT_MAX_BYTES, importQuerySchema } from "@/lib/import/schema";
import { importContacts } from "@/lib/import/service";

export const POST = sessionHandler(async ({ req, query, service }) => {
  const { dry_run, on_invalid, date_order } = query(importQuerySchema);
  const contentType = req.headers.get("content-type");
  const mediaType = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  const format = mediaType === "text/csv" ? "csv" : mediaType === "text/vcard" ? "vcard" : null;
  // Only these types, which no cross-site form can send without a CORS preflight, so a page
  // elsewhere can't make a signed-in browser import a file.
  if (!format) throw new AppError("unsupported_media_type", "Choose a .csv or a .vcf file.");
  // The file's own bytes, read in its charset (UTF-16, Windows-1252) as the API reads them.
  const { text } = await decodeImportBytes(await readBodyBytes(req, IMPORT_MAX_BYTES), charsetOfContentType(contentType));
  try {
    return json({ data: await importContacts(service, format, text, { dryRun: dry_run, onInvalid: on_invalid, dateOrder: date_order ?? null }) });
  } catch (error) {
    // A file with mistakes is what this page is for checking: its rows' problems are the answer
    // the page shows, not a failed request (the API's POST /contacts/import answers them as a 422).
    if (error instanceof AppError && error.code === "validation") return json({ message: error.message, errors: error.details.errors ?? {} });
    throw error;
  }
});
