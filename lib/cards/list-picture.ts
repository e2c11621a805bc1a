import { inArray, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { cardImages } from "@/db/schema";

/**
 * The picture a card is shown by in lists (catalog tiles, projects, orders, admin): its
 * thumbnail, else its front. The queries below and `listPicture` both follow this order.
 */
export const LIST_PICTURE_TYPES = ["thumbnail", "front"] as const;

/** The card's list picture among its images, if it has one. */
export function listPicture<T extends { type: string }>(images: readonly T[]): T | undefined {
  for (const type of LIST_PICTURE_TYPES) {
    const image = images.find((candidate) => candidate.type === type);
    if (image) return image;
  }
  return undefined;
}

/** The path of the card's list picture, as a scalar subquery on the card's id (null without one). */
export function listPicturePath(cardId: SQL | AnyPgColumn) {
  const rank = sql.join(
    LIST_PICTURE_TYPES.map((type, index) => sql`when ${type} then ${index}::int`),
    sql` `,
  );
  return sql<string | null>`(select ${cardImages.path} from ${cardImages} where ${cardImages.cardId} = ${cardId}
    and ${inArray(cardImages.type, [...LIST_PICTURE_TYPES])} order by case ${cardImages.type} ${rank} end limit 1)`;
}
