// POST /contacts/import-file — the import page's dry run and import, for the signed-in browser session
import { sessionHandler } from "@/app/_lib/session-handler";
import { json, readBodyText } from "@/lib/api/http";
import { AppError } from "@/lib/errors";
import { IMPORT_MAX_BYTES, importQuerySchema } from "@/lib/contacts/import/schema";
import { importContacts } from "@/lib/contacts/import/service";

export const POST = sessionHandler(async ({ req, query, service }) => {
  const { dry_run } = query(importQuerySchema);
  const mediaType = (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  const format = mediaType === "text/csv" ? "csv" : mediaType === "text/vcard" ? "vcard" : null;
  // Only these types, which no cross-site form can send without a CORS preflight, so a page
  // elsewhere can't make a signed-in browser import a file.
  if (!format) throw new AppError("unsupported_media_type", "Choose a .csv or a .vcf file.");
  const content = await readBodyText(req, IMPORT_MAX_BYTES);
  return json({ data: await importContacts(service, format, content, { dryRun: dry_run }) });
});
