import "server-only";
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import Papa from "papaparse";
import type { Database } from "@/db/client";
import { contacts } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { log } from "@/lib/logger";
import { contactToCsvRow, CSV_EXPORT_HEADERS } from "./csv-columns";
import type { ContactJson } from "./response";
import { contactToVcard } from "./vcard";

/*
 * The whole address book as a file, streamed: a ReadableStream that reads the next batch of
 * contacts only when the client has taken the previous one, so memory stays flat however large
 * the book. Batches walk the (user_id, last_name, first_name, id) index by keyset, as the list's
 * pages do, and read each contact as the JSON the database keeps (`api_json`). Each batch is its
 * own statement rather than one long transaction: on the embedded database a transaction held
 * open for a slow download would hold every other request. A contact renamed during the
 * download may therefore appear twice or not at all, as in any paged read.
 */

export type ExportFormat = "csv" | "vcf";

export const EXPORT_FORMATS = {
  csv: { contentType: "text/csv; charset=utf-8", extension: "csv" },
  vcf: { contentType: "text/vcard; charset=utf-8", extension: "vcf" },
} as const satisfies Record<ExportFormat, { contentType: string; extension: string }>;

export const EXPORT_BATCH_SIZE = 1000;

type Key = { lastName: string; firstName: string; id: string };

async function readBatch(db: Database, userId: number, after: Key | null, size: number): Promise<(Key & { json: string })[]> {
  const conditions: SQL[] = [eq(contacts.userId, userId)];
  if (after) {
    conditions.push(sql`(${contacts.lastName}, ${contacts.firstName}, ${contacts.id}) > (${after.lastName}::text, ${after.firstName}::text, ${after.id}::uuid)`);
  }
  return db
    .select({ json: contacts.apiJson, lastName: contacts.lastName, firstName: contacts.firstName, id: contacts.id })
    .from(contacts)
    .where(and(...conditions))
    .orderBy(asc(contacts.lastName), asc(contacts.firstName), asc(contacts.id))
    .limit(size);
}

/** Every contact of the user in name order, a batch at a time, as the spec's Contact. */
export async function* contactBatches(db: Database, userId: number, batchSize = EXPORT_BATCH_SIZE): AsyncGenerator<ContactJson[]> {
  let after: Key | null = null;
  for (;;) {
    const rows = await readBatch(db, userId, after, batchSize);
    if (rows.length === 0) return;
    yield rows.map((row) => JSON.parse(row.json) as ContactJson);
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { lastName: last.lastName, firstName: last.firstName, id: last.id };
  }
}

const unparse = (rows: string[][]) => Papa.unparse(rows, { newline: "\r\n", header: false });

/** The text of one batch in a format; the CSV's header row goes before the first batch. */
function encodeBatch(format: ExportFormat, batch: ContactJson[]): string {
  if (format === "vcf") return batch.map(contactToVcard).join("");
  return `${unparse(batch.map(contactToCsvRow))}\r\n`;
}

/**
 * The address book as a stream of UTF-8 bytes. The CSV starts with a byte order mark, which
 * spreadsheet apps need to read the file as UTF-8 (the import skips it), then the header row.
 */
export function exportContactsStream(ctx: ServiceContext, format: ExportFormat, batchSize = EXPORT_BATCH_SIZE): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let batches: AsyncGenerator<ContactJson[]> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        if (format === "csv") controller.enqueue(encoder.encode(`\uFEFF${unparse([[...CSV_EXPORT_HEADERS]])}\r\n`));
      },
      async pull(controller) {
        batches ??= contactBatches(ctx.db, ctx.user.id, batchSize);
        try {
          const next = await batches.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(encodeBatch(format, next.value)));
        } catch (error) {
          log("contacts").error({ err: error }, "Address book export failed");
          controller.error(error);
        }
      },
      async cancel() {
        await batches?.return(undefined);
      },
    },
    // One batch ahead at most.
    { highWaterMark: 1 },
  );
}

/** The download's file name: cardmail-contacts-2026-03-14.csv. */
export function exportFileName(format: ExportFormat, now: Date): string {
  return `cardmail-contacts-${now.toISOString().slice(0, 10)}.${EXPORT_FORMATS[format].extension}`;
}

/** The headers of the export's response. */
export function exportHeaders(format: ExportFormat, now: Date): Record<string, string> {
  return {
    "Content-Type": EXPORT_FORMATS[format].contentType,
    "Content-Disposition": `attachment; filename="${exportFileName(format, now)}"`,
    "Cache-Control": "no-store",
  };
}
