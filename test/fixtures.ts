import { artists, cardCategories, cardImages, cardOccasions, cards, categories, customizationTypes, occasions, projects, type CardRow, type ProjectRow } from "@/db/schema";
import type { Database } from "@/db/client";
import type { DatedContact } from "@/lib/events/upcoming";

let sequence = 0;
const unique = (prefix: string) => `${prefix}-${++sequence}-${Math.random().toString(36).slice(2, 8)}`;

export async function createCategory(db: Database, name?: string): Promise<{ id: number; name: string; slug: string }> {
  const slug = unique("category");
  const [row] = await db.insert(categories).values({ name: name ?? slug, slug }).returning();
  return row!;
}

export async function createOccasion(db: Database, name?: string): Promise<{ id: number; name: string; slug: string }> {
  const slug = unique("occasion");
  const [row] = await db.insert(occasions).values({ name: name ?? slug, slug }).returning();
  return row!;
}

export type CardOverrides = Partial<Pick<CardRow, "name" | "slug" | "description" | "priceCents" | "isVertical" | "isBox" | "isPostcard" | "isActive" | "tags">> & {
  categoryIds?: number[];
  occasionIds?: number[];
  /** Image types to create at `/card-art/<slug>/<type>.svg`; default front, inside, back and thumbnail, as the catalog seeds them. */
  imageTypes?: ("front" | "inside" | "back" | "thumbnail")[];
};

export type CardFixture = CardRow & { artist: { id: number; name: string; slug: string }; customizationType: { id: number; name: string } };

/** A catalog card with its own artist and customization type, images and the given links. */
export async function createCard(db: Database, overrides: CardOverrides = {}): Promise<CardFixture> {
  const { categoryIds = [], occasionIds = [], imageTypes = ["front", "inside", "back", "thumbnail"], ...fields } = overrides;
  const artistSlug = unique("artist");
  const [artist] = await db.insert(artists).values({ name: `Artist ${artistSlug}`, slug: artistSlug }).returning();
  const [customizationType] = await db.insert(customizationTypes).values({ name: unique("customization") }).returning();
  const slug = fields.slug ?? unique("card");
  const [card] = await db
    .insert(cards)
    .values({ name: `Card ${slug}`, slug, priceCents: 399, artistId: artist!.id, customizationTypeId: customizationType!.id, ...fields })
    .returning();
  if (imageTypes.length > 0) {
    await db.insert(cardImages).values(imageTypes.map((type, position) => ({ cardId: card!.id, type, path: `/card-art/${slug}/${type}.svg`, position })));
  }
  if (categoryIds.length > 0) await db.insert(cardCategories).values(categoryIds.map((categoryId) => ({ cardId: card!.id, categoryId })));
  if (occasionIds.length > 0) await db.insert(cardOccasions).values(occasionIds.map((occasionId) => ({ cardId: card!.id, occasionId })));
  return { ...card!, artist: artist!, customizationType: customizationType! };
}

export type ProjectOverrides = Partial<Pick<ProjectRow, "name" | "automationMessage" | "automationSignoff" | "isBox" | "isPostcard" | "categoryId" | "occasionId" | "createdAt" | "updatedAt">>;

/** A project of the user on the card, written directly (the service's own rules are not applied). */
export async function createProject(db: Database, userId: number, cardId: number, overrides: ProjectOverrides = {}): Promise<ProjectRow> {
  const [row] = await db
    .insert(projects)
    .values({ userId, cardId, name: unique("Project"), ...overrides })
    .returning();
  return row!;
}

/** A contact's dates and family with nothing known: tests set only what they look at. */
export const UNDATED: DatedContact = {
  birthMonth: null,
  birthDay: null,
  birthYear: null,
  anniversaryMonth: null,
  anniversaryDay: null,
  anniversaryYear: null,
  spouseFirstName: null,
  spouseBirthMonth: null,
  spouseBirthDay: null,
  spouseBirthYear: null,
  children: [],
  pets: [],
};
