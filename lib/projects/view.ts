// What the project page shows of a recipient. Client components import its types only: the
// rows are made on the server, where the address checks' ZIP list is.
import type { CursorPage } from "@/lib/paging";
import { addressWarnings, type AddressWarning } from "@/lib/contacts/address-warnings";
import { contactName } from "@/lib/contacts/view";
import type { ProjectRecipient } from "./recipient-list";

export type RecipientRow = {
  contactId: string;
  name: string;
  company: string | null;
  email: string | null;
  addressLines: string[];
  hasAddress: boolean;
  /** What may keep the card from arriving (a ZIP in another state...), checked before paying. */
  addressWarnings: AddressWarning[];
  overrideMessage: string | null;
  /** The order that mailed this recipient, or null while not ordered. */
  orderId: number | null;
};

export type RecipientRowPage = CursorPage<RecipientRow>;

/** Recipients show 25 at a time: a long project's page stays light, "Load more" reads on. */
export const RECIPIENT_ROWS_PER_PAGE = 25;

export function toRecipientRow(recipient: ProjectRecipient): RecipientRow {
  return {
    contactId: recipient.id,
    name: contactName(recipient),
    company: recipient.company,
    email: recipient.email,
    addressLines: [
      [recipient.address, recipient.apt].filter(Boolean).join(", "),
      [[recipient.city, recipient.state].filter(Boolean).join(", "), recipient.zip].filter(Boolean).join(" "),
      recipient.country && recipient.country !== "US" ? recipient.country : "",
    ].filter((line) => line !== ""),
    hasAddress: !!(recipient.address && recipient.city && recipient.zip),
    addressWarnings: addressWarnings(recipient),
    overrideMessage: recipient.overrideMessage,
    orderId: recipient.orderId,
  };
}
