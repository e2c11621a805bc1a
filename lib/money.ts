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
