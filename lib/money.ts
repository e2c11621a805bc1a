/** Cents to the API's dollar number, rounded to the cent. */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** Cents to the catalog's decimal string ("3.99"). */
export function centsToPriceString(cents: number): string {
  return (cents / 100).toFixed(2);
}

const formatter = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** Cents for people: "$3.99". */
export function formatMoney(cents: number): string {
  return formatter.format(cents / 100);
}

const DOLLARS = /^(-)?\$?(\d{1,9})(?:\.(\d{1,2}))?$/;

/** "3.99", "$3.99", "-5", "1,250.5" as integer cents; undefined when it is not an amount. */
export function dollarsToCents(text: string): number | undefined {
  const match = DOLLARS.exec(text.trim().replace(/[\s,]/g, ""));
  if (!match) return undefined;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? "").padEnd(2, "0"));
  return match[1] && cents !== 0 ? -cents : cents;
}
