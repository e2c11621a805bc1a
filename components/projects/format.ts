/** "March 14, 2026" for a stored timestamp, in UTC so server and browser agree. */
export function longDate(value: Date | string): string {
  return new Date(value).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
}

/** Site-relative picture of a project's card: its thumbnail, else its front. */
export function projectThumbnail(project: { card: { images: { type: string; path: string }[] } }): string | null {
  const image = project.card.images.find((i) => i.type === "thumbnail") ?? project.card.images.find((i) => i.type === "front");
  return image?.path ?? null;
}
