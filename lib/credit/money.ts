/** API amounts are dollars as JSON numbers rounded to the cent; the database keeps integer cents. */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}
