/** "3 cards", "1 card", "1,204 recipients". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
}

/**
 * "March 14, 2026" for a calendar day stored as midnight UTC (a delivery date, an event): read in
 * UTC, whatever the account's time zone. Moments go through <Time> (components/ui/time.tsx).
 */
export function longDate(value: Date | string): string {
  return new Date(value).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}
