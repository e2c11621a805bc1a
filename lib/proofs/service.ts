import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { artists, cards, contacts, orderRecipients, orders, projectRecipients, projects } from "@/db/schema";
import { getAccount } from "@/lib/account/service";
import { CARD_LOOK_COLUMNS } from "@/lib/cards/artwork-service";
import type { ServiceContext } from "@/lib/context";
import { notFound } from "@/lib/errors";
import { messageFont } from "@/lib/fonts";
import { isUuid, toSerialId } from "@/lib/ids";
import { fillPlaceholders, recipientPlaceholders, SAMPLE_RECIPIENT_NAME } from "@/lib/placeholders";
import { envelopeLines, type PostalBlock } from "./address";
import { renderProof, type ProofCard } from "./pdf";

/*
 * The proofs a user may download: a piece of one of their orders, printed as it was ordered (its
 * message as filled at checkout), and a project's card before checkout, for one recipient or,
 * with none yet, for the sample person the web preview shows. Anything not the user's is a 404.
 */

export type Proof = { pdf: Buffer; filename: string };

const orderNotFound = () => notFound("Order not found");
const projectNotFound = () => notFound("Project not found");
const recipientNotFound = () => notFound("Recipient not found");

/** Where the sample recipient lives: a made-up address shaped like a real one. */
const SAMPLE_ADDRESS = { address: "100 Main Street", apt: null, city: "Springfield", state: "IL", zip: "62701", country: "US" };


async function projectWithCard(db: Database, userId: number, projectId: string) {
  const [row] = await db
    .select({ ...CARD_LOOK_COLUMNS, message: projects.automationMessage, signoff: projects.automationSignoff, font: projects.messageFont })
    .from(projects)
    .innerJoin(cards, eq(cards.id, projects.cardId))
    .innerJoin(artists, eq(artists.id, cards.artistId))
    .where(and(eq(projects.id, projectId), eq(projects.userId, userId)));
  if (!row) return undefined;
  const { message, signoff, font, ...card } = row;
  return { card: card satisfies ProofCard, message, signoff, font: messageFont(font).id };
}

/** The account's return address, or null until it has a street, city and ZIP. */
async function returnAddress(ctx: ServiceContext): Promise<PostalBlock | null> {
  const { profile } = await getAccount(ctx);
  if (!profile.address || !profile.city || !profile.zip) return null;
  const name = [profile.first_name, profile.last_name].filter(Boolean).join(" ");
  return { ...profile, name };
}

const fileName = (parts: (string | number)[]) => `proof-${parts.join("-")}.pdf`;

/** The proof of one piece of one of the user's orders, as it was ordered. */
export async function orderPieceProof(ctx: ServiceContext, orderId: number | string, pieceId: number | string): Promise<Proof> {
  const order = toSerialId(orderId, orderNotFound);
  const piece = toSerialId(pieceId, recipientNotFound);
  const [own] = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, order), eq(orders.userId, ctx.user.id)));
  if (!own) throw orderNotFound();
  const [row] = await ctx.db
    .select()
    .from(orderRecipients)
    .where(and(eq(orderRecipients.id, piece), eq(orderRecipients.orderId, order), eq(orderRecipients.userId, ctx.user.id)));
  if (!row) throw recipientNotFound();
  const project = await projectWithCard(ctx.db, ctx.user.id, row.projectId);
  if (!project) throw recipientNotFound();
  const pdf = await renderProof({
    card: project.card,
    message: row.message,
    signoff: project.signoff,
    font: project.font,
    recipient: row,
    returnAddress: await returnAddress(ctx),
  });
  return { pdf, filename: fileName(["order", order, piece]) };
}

/**
 * A project's recipients with what prints for them, as the preview picks: those who get the
 * project's message first, then the address book's order.
 */
function projectRecipientRows(ctx: ServiceContext, projectUuid: string, { recipientId, limit }: { recipientId?: string | null; limit: number }) {
  return ctx.db
    .select({
      id: contacts.id,
      firstName: sql<string>`coalesce(${contacts.firstName}, '')`,
      lastName: sql<string>`coalesce(${contacts.lastName}, '')`,
      company: contacts.company,
      address: contacts.address,
      apt: contacts.apt,
      city: contacts.city,
      state: contacts.state,
      zip: contacts.zip,
      country: contacts.country,
      ownMessage: projectRecipients.overrideMessage,
    })
    .from(projectRecipients)
    .innerJoin(contacts, eq(contacts.id, projectRecipients.contactId))
    .where(and(eq(projectRecipients.projectId, projectUuid), eq(projectRecipients.userId, ctx.user.id), recipientId ? eq(contacts.id, recipientId) : undefined))
    .orderBy(sql`(${projectRecipients.overrideMessage} is not null and ${projectRecipients.overrideMessage} <> '')`, asc(contacts.lastName), asc(contacts.firstName), asc(contacts.id))
    .limit(limit);
}

/** One recipient's card as checkout shows it: the message filled in and the envelope's lines. */
export type PiecePreview = { id: string; name: string; message: string; envelope: string[] };
export type CheckoutPreview = { signoff: string; returnAddress: string[] | null; recipients: PiecePreview[] };

/** How many recipients checkout's switcher offers; the proof of any other is a download away. */
export const CHECKOUT_PREVIEW_LIMIT = 50;

/** What checkout shows before paying: the card and envelope as they will print, recipient by recipient. */
export async function checkoutPreview(ctx: ServiceContext, projectUuid: string): Promise<CheckoutPreview> {
  if (!isUuid(projectUuid)) throw projectNotFound();
  const project = await projectWithCard(ctx.db, ctx.user.id, projectUuid);
  if (!project) throw projectNotFound();
  const [rows, from] = await Promise.all([projectRecipientRows(ctx, projectUuid, { limit: CHECKOUT_PREVIEW_LIMIT }), returnAddress(ctx)]);
  const recipients = rows.map((person) => {
    const name = `${person.firstName} ${person.lastName}`.trim();
    return {
      id: person.id,
      name,
      message: fillPlaceholders(person.ownMessage || project.message, recipientPlaceholders(person)),
      envelope: envelopeLines({ ...person, name }),
    };
  });
  return { signoff: project.signoff ?? "", returnAddress: from && envelopeLines(from), recipients };
}

/**
 * A project's card as it will print for one recipient (a contact uuid of the project's), or for
 * its first recipient who gets the project's message, or for the sample person when it has none.
 */
export async function projectProof(ctx: ServiceContext, projectUuid: string, recipientId?: string | null): Promise<Proof> {
  if (!isUuid(projectUuid)) throw projectNotFound();
  const project = await projectWithCard(ctx.db, ctx.user.id, projectUuid);
  if (!project) throw projectNotFound();
  if (recipientId && !isUuid(recipientId)) throw recipientNotFound();
  const [recipient] = await projectRecipientRows(ctx, projectUuid, { recipientId, limit: 1 });
  if (recipientId && !recipient) throw recipientNotFound();
  const person = recipient ?? { ...SAMPLE_RECIPIENT_NAME, ...SAMPLE_ADDRESS, id: "sample", company: null, ownMessage: null };
  const message = fillPlaceholders(person.ownMessage || project.message, recipientPlaceholders(person));
  const pdf = await renderProof({
    card: project.card,
    message,
    signoff: project.signoff,
    font: project.font,
    recipient: { ...person, name: `${person.firstName} ${person.lastName}`.trim() },
    returnAddress: await returnAddress(ctx),
  });
  return { pdf, filename: fileName(["project", projectUuid.slice(0, 8), recipient ? person.id.slice(0, 8) : "sample"]) };
}
