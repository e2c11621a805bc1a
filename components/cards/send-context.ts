/*
 * "Send a card" from a contact or a calendar date: who the card is for and the day it should
 * arrive ride along in the address from the catalog to the card, the project and its checkout,
 * so the person never types them again. Anything malformed is dropped, never an error.
 */

export type SendContext = {
  forContact?: string;
  deliveryDate?: string;
  /** "Send a card to this group": the group whose members become the recipients. */
  forGroup?: string;
  /** "Change card": the project whose card is being replaced. */
  changeProject?: string;
};

type SearchParams = Record<string, string | string[] | undefined>;

/** One non-empty value of a search parameter, trimmed. */
export const single = (value: string | string[] | undefined) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined);
const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

export function readSendContext(params: SearchParams): SendContext {
  const forContact = single(params.for);
  const date = single(params.delivery_date);
  const group = single(params.group);
  const change = single(params.change);
  return {
    forContact: forContact && forContact.length <= 64 ? forContact : undefined,
    deliveryDate: date && isDate(date) ? date : undefined,
    forGroup: group && /^\d{1,10}$/.test(group) ? group : undefined,
    changeProject: change && change.length <= 64 ? change : undefined,
  };
}

/** The query parameters that carry the context. */
export const sendContextParams = (send: SendContext | undefined) => ({
  for: send?.forContact,
  delivery_date: send?.deliveryDate,
  group: send?.forGroup,
  change: send?.changeProject,
});

/** `path` with the given parameters, the empty ones left out. */
export function hrefWith(path: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
