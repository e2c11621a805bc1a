const localDate = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric" });

/** "3 cards", "1 card", "1,204 recipients". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
}

/** "March 14, 2026" in the time zone of whoever renders it. */
export function formatDate(value: Date | string): string {
  return localDate.format(new Date(value));
}

/** "March 14, 2026" for a stored timestamp, in UTC so server and browser agree. */
export function longDate(value: Date | string): string {
  return new Date(value).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}
