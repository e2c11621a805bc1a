// Times the print batch of an order of 100 recipients on PostgreSQL: the fulfilment pass that
// starts production makes the batch, then its PDF (each card, then its envelope, in mailing
// order) is drawn and read back with poppler (pdfinfo pages, pdftotext order). Fails above 10 s.
// Needs DATABASE_URL (an account that may create databases) and poppler-utils; works in a
// database of its own, dropped at the end.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:print-batch
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { promisify } from "node:util";
import postgres from "postgres";
import { stubServerOnly, withDatabase } from "./outside-next";

const RECIPIENTS = 100;
const LIMIT_MS = 10_000;
const run = promisify(execFile);

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    console.error("Set DATABASE_URL to a PostgreSQL server, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres");
    process.exit(1);
  }
  stubServerOnly();
  const { openDatabase } = await import("@/db/client");
  const { orderRecipients, orders, users } = await import("@/db/schema");
  const { advanceFulfilment } = await import("@/lib/orders/status-changes");
  const { printBatchPdf } = await import("@/lib/print-batches/service");
  const { createCard, createProject } = await import("@/test/fixtures");

  const database = `cardmail_bench_${process.pid}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${database}"`);
  const folder = await mkdtemp(path.join(tmpdir(), "cardmail-print-batch-"));
  let failed = false;
  try {
    const handle = await openDatabase({ url: withDatabase(adminUrl, database) });
    try {
      const { db } = handle;
      const profile = { first_name: "June", last_name: "Park", address: "9 Elm Street", city: "Austin", state: "TX", zip: "78701", country: "US" };
      const [user] = await db.insert(users).values({ email: "bench@example.com", username: "bench", passwordHash: "-", accountType: 3, profile }).returning();
      const card = await createCard(db);
      const project = await createProject(db, user!.id, card.id, { automationMessage: "Dear {first_name}, happy birthday!", automationSignoff: "June" });
      const [order] = await db.insert(orders).values({ userId: user!.id, totalCents: RECIPIENTS * 399 }).returning();
      // ZIPs written out of order, so that the batch has to sort them.
      const zips = Array.from({ length: RECIPIENTS }, (_, i) => String(10_000 + ((i * 7919) % 89_000)).padStart(5, "0"));
      await db.insert(orderRecipients).values(
        zips.map((zip, i) => ({
          orderId: order!.id,
          userId: user!.id,
          projectId: project.id,
          name: `Person${i} Last${i % 13}`,
          address: `${100 + i} Main Street`,
          city: "Springfield",
          state: "IL",
          zip,
          country: "US",
          message: `Dear Person${i}, happy birthday!`,
          priceCents: 399,
          scheduledDeliveryDate: new Date(),
        })),
      );

      const start = performance.now();
      await advanceFulfilment(db, { stepSeconds: 0 });
      const [piece] = await db.select({ batch: orderRecipients.printBatchId }).from(orderRecipients).limit(1);
      const { stream, filename } = await printBatchPdf({ db, user: { id: user!.id, accountType: 3 } }, piece!.batch!);
      const bytes = Buffer.from(await new Response(stream).arrayBuffer());
      const ms = performance.now() - start;

      const file = path.join(folder, filename);
      await writeFile(file, bytes);
      const pages = Number(/^Pages:\s+(\d+)/m.exec((await run("pdfinfo", [file])).stdout)![1]);
      const text = (await run("pdftotext", [file, "-"])).stdout;
      const printedZips = [...text.matchAll(/SPRINGFIELD IL (\d{5})/g)].map((m) => m[1]!);
      const sorted = [...zips].sort();
      const inOrder = printedZips.length === RECIPIENTS && printedZips.every((zip, i) => zip === sorted[i]);

      console.log(`print batch, ${RECIPIENTS} recipients, PostgreSQL database ${database}`);
      console.log(`batch made and PDF drawn: ${ms.toFixed(0)} ms (limit ${LIMIT_MS} ms), ${(bytes.length / 1024).toFixed(0)} KiB`);
      console.log(`pages: ${pages} (expected ${RECIPIENTS * 4}); envelopes in ZIP order: ${inOrder ? "yes" : "no"}`);
      failed = ms >= LIMIT_MS || pages !== RECIPIENTS * 4 || !inOrder;
    } finally {
      await handle.close();
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
    await admin.unsafe(`drop database if exists "${database}" with (force)`);
    await admin.end();
  }
  if (failed) {
    console.error("FAILED");
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
