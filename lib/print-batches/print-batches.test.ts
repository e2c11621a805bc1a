import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { orderRecipients, users } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { AppError } from "@/lib/errors";
import { advanceFulfilment } from "@/lib/orders/status-changes";
import { api, createUser } from "@/test/api";
import { createReadyProject } from "@/test/order-fixtures";
import { listPrintBatches, printBatchPdf } from "./service";

/* A print batch read back with poppler, as the print shop's preflight would: its pages and the order of its words. */

const run = promisify(execFile);
let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "cardmail-batches-"));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("print batches", () => {
  it("makes the pieces that enter production in one pass one batch: a PDF of each card then its envelope, by ZIP then name, for administrators only", async () => {
    const user = await createUser({ creditCents: 10_000 });
    const db = await getDb();
    await db
      .update(users)
      .set({ profile: { first_name: "June", last_name: "Park", address: "9 Elm Street", city: "Austin", state: "TX", zip: "78701", country: "US" } })
      .where(eq(users.id, user.id));
    const ready = await createReadyProject(user.id, {
      message: "Dear {first_name}, hello",
      recipients: [
        { firstName: "Cleo", lastName: "Zane", address: "1 A St", city: "Portland", state: "OR", zip: "97205" },
        { firstName: "Abe", lastName: "Young", address: "2 B St", city: "Atlanta", state: "GA", zip: "30301" },
        { firstName: "Bea", lastName: "Young", address: "3 C St", city: "Atlanta", state: "GA", zip: "30301" },
      ],
    });
    const placed = await api.post(`/cart/checkout/${ready.project.id}`, { token: user.token });
    expect(placed.status).toBe(201);

    await advanceFulfilment(db, { stepSeconds: 0 });
    const pieces = await db.select().from(orderRecipients).where(eq(orderRecipients.orderId, placed.body.data.order_id)).orderBy(asc(orderRecipients.id));
    expect(pieces.map((piece) => piece.status)).toEqual(["in_production", "in_production", "in_production"]);
    const batchId = pieces[0]!.printBatchId!;
    expect(pieces.map((piece) => piece.printBatchId)).toEqual([batchId, batchId, batchId]);
    // Later steps (mailed, delivered) make no new batch.
    await advanceFulfilment(db, { stepSeconds: 0 });

    const admin: ServiceContext = { db, user: { id: user.id, accountType: 3 } };
    expect(await listPrintBatches(admin)).toEqual([{ id: batchId, pieceCount: 3, createdAt: expect.any(Date) }]);

    const { stream, filename } = await printBatchPdf(admin, batchId);
    expect(filename).toBe(`print-batch-${batchId}.pdf`);
    const file = path.join(folder, filename);
    await writeFile(file, Buffer.from(await new Response(stream).arrayBuffer()));
    const info = (await run("pdfinfo", [file])).stdout;
    expect(Number(/^Pages:\s+(\d+)/m.exec(info)![1])).toBe(12);
    const pages = [];
    for (let page = 1; page <= 12; page++) pages.push((await run("pdftotext", ["-f", String(page), "-l", String(page), file, "-"])).stdout.replace(/\s+/g, " "));
    // Each piece: front, inside with its message, back with the maker's mark, envelope with its
    // address; ZIP 30301 (Abe, then Bea) before 97205.
    expect(pages[1]).toContain("Dear Abe, hello");
    expect(pages[2]).toContain("CARDMAIL");
    expect(pages[2]).toMatch(/Design by Artist/);
    expect(pages[3]).toContain("ABE YOUNG 2 B ST ATLANTA GA 30301");
    expect(pages[3]).toContain("JUNE PARK 9 ELM ST AUSTIN TX 78701");
    expect(pages[5]).toContain("Dear Bea, hello");
    expect(pages[7]).toContain("BEA YOUNG 3 C ST");
    expect(pages[9]).toContain("Dear Cleo, hello");
    expect(pages[11]).toContain("CLEO ZANE 1 A ST PORTLAND OR 97205");

    // Anyone else: the batch does not exist.
    const owner: ServiceContext = { db, user: { id: user.id, accountType: 1 } };
    await expect(printBatchPdf(owner, batchId)).rejects.toSatisfy((error) => error instanceof AppError && error.code === "not_found");
    await expect(listPrintBatches(owner)).rejects.toBeInstanceOf(AppError);
    await expect(printBatchPdf(admin, batchId + 1000)).rejects.toSatisfy((error) => error instanceof AppError && error.code === "not_found");
  });
});
