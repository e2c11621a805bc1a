import "server-only";
import { asc, desc, eq, sql } from "drizzle-orm";
import { artists, cards, orderRecipients, printBatches, projects, users } from "@/db/schema";
import { CARD_LOOK_COLUMNS } from "@/lib/cards/artwork-service";
import type { ServiceContext } from "@/lib/context";
import { ADMIN_ACCOUNT_TYPE, assertAdmin } from "@/lib/credit/service";
import { notFound } from "@/lib/errors";
import { messageFont } from "@/lib/fonts";
import { toSerialId } from "@/lib/ids";
import type { PostalBlock } from "@/lib/proofs/address";
import { renderPieces, type ProofContent } from "@/lib/proofs/pdf";

/*
 * Print batches: the pieces the fulfilment job moved into production in one pass
 * (lib/orders/status-changes.ts), handed to the print shop as one PDF. The PDF is drawn when it
 * is downloaded, from the pieces as ordered, and streamed; nothing is stored but the batch row.
 *
 * Mailing order: by ZIP (postal) code, then the recipient's name, then the piece's id. Pieces
 * come off the press already sorted as a presort mailing wants them, so the shop bundles them
 * without re-sorting; the piece id keeps the order total when two pieces tie.
 */

export type PrintBatch = { id: number; pieceCount: number; createdAt: Date };

const batchNotFound = () => notFound("Print batch not found");

/** The newest batches first (administrators only). */
export async function listPrintBatches(ctx: ServiceContext, limit = 100): Promise<PrintBatch[]> {
  assertAdmin(ctx);
  return ctx.db.select().from(printBatches).orderBy(desc(printBatches.id)).limit(limit);
}

/** The account's return address as its profile holds it, or null until it has a street, city and ZIP. */
function returnAddressOf(profile: unknown): PostalBlock | null {
  const p = (profile && typeof profile === "object" ? profile : {}) as Record<string, unknown>;
  const text = (key: string) => (typeof p[key] === "string" && p[key] !== "" ? (p[key] as string) : null);
  if (!text("address") || !text("city") || !text("zip")) return null;
  const name = [text("first_name"), text("last_name")].filter(Boolean).join(" ");
  return { name, company: text("company"), address: text("address"), apt: text("apt"), city: text("city"), state: text("state"), zip: text("zip"), country: text("country") };
}

/** How many pieces a page of the batch's query reads: a large batch is drawn a page at a time. */
const PAGE = 200;

async function* batchPieces(ctx: ServiceContext, batchId: number): AsyncGenerator<ProofContent> {
  for (let offset = 0; ; offset += PAGE) {
    const rows = await ctx.db
      .select({
        ...CARD_LOOK_COLUMNS,
        piece: orderRecipients,
        signoff: projects.automationSignoff,
        font: projects.messageFont,
        profile: users.profile,
      })
      .from(orderRecipients)
      .innerJoin(projects, eq(projects.id, orderRecipients.projectId))
      .innerJoin(cards, eq(cards.id, projects.cardId))
      .innerJoin(artists, eq(artists.id, cards.artistId))
      .innerJoin(users, eq(users.id, orderRecipients.userId))
      .where(eq(orderRecipients.printBatchId, batchId))
      .orderBy(sql`coalesce(${orderRecipients.zip}, '')`, asc(orderRecipients.name), asc(orderRecipients.id))
      .limit(PAGE)
      .offset(offset);
    for (const { piece, signoff, font, profile, ...card } of rows) {
      yield {
        card,
        message: piece.message,
        signoff,
        font: messageFont(font).id,
        recipient: piece,
        returnAddress: returnAddressOf(profile),
      };
    }
    if (rows.length < PAGE) return;
  }
}

/**
 * The batch's PDF, streamed as it is drawn: each piece's card, then its envelope, in mailing
 * order. For anyone but an administrator the batch does not exist (a 404, as the admin pages are).
 */
export async function printBatchPdf(ctx: ServiceContext, id: number | string): Promise<{ stream: ReadableStream<Uint8Array>; filename: string }> {
  if (ctx.user.accountType !== ADMIN_ACCOUNT_TYPE) throw batchNotFound();
  const batchId = toSerialId(id, batchNotFound);
  const [batch] = await ctx.db.select({ id: printBatches.id }).from(printBatches).where(eq(printBatches.id, batchId));
  if (!batch) throw batchNotFound();
  return { stream: renderPieces(`Cardmail print batch ${batchId}`, batchPieces(ctx, batchId)), filename: `print-batch-${batchId}.pdf` };
}
