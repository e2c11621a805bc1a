/** Site-relative picture of a project's card: its thumbnail, else its front. */
export function projectThumbnail(project: { card: { images: { type: string; path: string }[] } }): string | null {
  const image = project.card.images.find((i) => i.type === "thumbnail") ?? project.card.images.find((i) => i.type === "front");
  return image?.path ?? null;
}
