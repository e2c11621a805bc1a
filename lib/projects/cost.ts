/**
 * What checking a project out charges: the card's price for each recipient not ordered yet.
 * The cost the project pages show (`getProjectCost`) and the amount `checkoutProject` takes from
 * the credit both come from here, so the total a buyer confirms is the one charged.
 */
export function checkoutTotalCents(priceCents: number, unorderedRecipients: number): number {
  return priceCents * unorderedRecipients;
}
