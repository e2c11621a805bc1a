import { eq, sql } from "drizzle-orm";
import { execute, getDb } from "@/db/client";
import { artists, cards, contacts, customizationTypes, projectRecipients, projects, users } from "@/db/schema";

let sequence = 0;
const next = () => `${++sequence}-${Math.random().toString(36).slice(2, 8)}`;

/** A catalog card at the given price, with the artist and customization type it needs. */
export async function createCard(options: { priceCents?: number; isActive?: boolean } = {}) {
  const db = await getDb();
  const tag = next();
  const [artist] = await db.insert(artists).values({ name: `Artist ${tag}`, slug: `artist-${tag}` }).returning();
  const [type] = await db.insert(customizationTypes).values({ name: `Type ${tag}` }).returning();
  const [card] = await db
    .insert(cards)
    .values({
      name: `Card ${tag}`,
      slug: `card-${tag}`,
      priceCents: options.priceCents ?? 399,
      isActive: options.isActive ?? true,
      artistId: artist!.id,
      customizationTypeId: type!.id,
    })
    .returning();
  return card!;
}

export async function createProject(userId: number, options: { cardId: number; message?: string; name?: string }) {
  const db = await getDb();
  const [project] = await db
    .insert(projects)
    .values({ userId, cardId: options.cardId, name: options.name ?? "Holiday cards", automationMessage: options.message ?? "Happy holidays!" })
    .returning();
  return project!;
}

export type RecipientSpec = Partial<{
  internalId: string | null;
  prefix: string | null;
  firstName: string;
  lastName: string;
  company: string | null;
  address: string | null;
  apt: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
  overrideMessage: string | null;
}>;

/** Contacts of the user put on the project, one per spec (a number makes that many plain ones). */
export async function addRecipients(userId: number, projectId: string, specs: RecipientSpec[] | number) {
  const db = await getDb();
  const list: RecipientSpec[] = typeof specs === "number" ? Array.from({ length: specs }, () => ({})) : specs;
  const created = [];
  for (const spec of list) {
    const tag = next();
    const [contact] = await db
      .insert(contacts)
      .values({
        userId,
        internalId: spec.internalId === undefined ? `c${tag}`.slice(0, 20) : spec.internalId,
        prefix: spec.prefix ?? null,
        firstName: spec.firstName ?? "Ada",
        lastName: spec.lastName ?? `Lovelace ${tag}`,
        company: spec.company === undefined ? null : spec.company,
        address: spec.address === undefined ? "12 Analytical Way" : spec.address,
        apt: spec.apt ?? null,
        city: spec.city === undefined ? "London" : spec.city,
        state: spec.state === undefined ? "NY" : spec.state,
        zip: spec.zip === undefined ? "10001" : spec.zip,
        country: spec.country === undefined ? "US" : spec.country,
      })
      .returning();
    const [recipient] = await db
      .insert(projectRecipients)
      .values({ projectId, contactId: contact!.id, userId, overrideMessage: spec.overrideMessage ?? null })
      .returning();
    created.push({ contact: contact!, recipient: recipient! });
  }
  return created;
}

/** A card, a project of the user with `recipients` recipients on it. */
export async function createReadyProject(userId: number, options: { priceCents?: number; recipients?: RecipientSpec[] | number; message?: string } = {}) {
  const card = await createCard({ priceCents: options.priceCents });
  const project = await createProject(userId, { cardId: card.id, message: options.message });
  const recipients = await addRecipients(userId, project.id, options.recipients ?? 2);
  return { card, project, recipients };
}

export async function creditOf(userId: number): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ creditCents: users.creditCents }).from(users).where(eq(users.id, userId));
  return row!.creditCents;
}

/** Puts every piece of an order back in time, as if it had kept its status that long. */
export async function ageOrderRecipients(orderId: number, seconds: number): Promise<void> {
  const db = await getDb();
  await execute(db, sql`update order_recipients set updated_at = updated_at - ${seconds}::int * interval '1 second' where order_id = ${orderId}::int`);
}
