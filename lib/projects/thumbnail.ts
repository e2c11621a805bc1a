import { listPicture } from "@/lib/cards/list-picture";

/** Site-relative picture of a project's card (its list picture). */
export function projectThumbnail(project: { card: { images: { type: string; path: string }[] } }): string | null {
  return listPicture(project.card.images)?.path ?? null;
}
