import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const artists = pgTable("artists", {
  id: serial().primaryKey(),
  name: text().notNull(),
  slug: text().notNull().unique(),
});

export const categories = pgTable("categories", {
  id: serial().primaryKey(),
  name: text().notNull(),
  slug: text().notNull().unique(),
});

export const occasions = pgTable("occasions", {
  id: serial().primaryKey(),
  name: text().notNull(),
  slug: text().notNull().unique(),
});

export const customizationTypes = pgTable("customization_types", {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
});

export const cards = pgTable(
  "cards",
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    slug: text().notNull().unique(),
    description: text().notNull().default(""),
    priceCents: integer().notNull(),
    isVertical: boolean().notNull().default(true),
    isBox: boolean().notNull().default(false),
    isPostcard: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    artistId: integer()
      .notNull()
      .references(() => artists.id),
    customizationTypeId: integer()
      .notNull()
      .references(() => customizationTypes.id),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    // Palette and motif of the generated artwork, so every card looks different.
    artwork: text().notNull().default("{}"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("cards_active_idx").on(t.id).where(sql`${t.isActive}`),
    check("cards_price_not_negative", sql`${t.priceCents} >= 0`),
  ],
);

export const cardImages = pgTable(
  "card_images",
  {
    id: serial().primaryKey(),
    cardId: integer()
      .notNull()
      .references(() => cards.id, { onDelete: "cascade" }),
    type: text().notNull(),
    // Path on this server; the API makes it absolute with the request's origin.
    path: text().notNull(),
    position: smallint().notNull().default(0),
  },
  (t) => [
    uniqueIndex("card_images_card_type_key").on(t.cardId, t.type),
    check("card_images_type_check", sql`${t.type} in ('front', 'inside', 'back', 'thumbnail')`),
  ],
);

export const cardCategories = pgTable(
  "card_categories",
  {
    cardId: integer()
      .notNull()
      .references(() => cards.id, { onDelete: "cascade" }),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.categoryId] }), index("card_categories_category_idx").on(t.categoryId, t.cardId)],
);

export const cardOccasions = pgTable(
  "card_occasions",
  {
    cardId: integer()
      .notNull()
      .references(() => cards.id, { onDelete: "cascade" }),
    occasionId: integer()
      .notNull()
      .references(() => occasions.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.occasionId] }), index("card_occasions_occasion_idx").on(t.occasionId, t.cardId)],
);

export type CardRow = typeof cards.$inferSelect;
