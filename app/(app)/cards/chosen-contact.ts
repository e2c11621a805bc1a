import "server-only";
import { contactName } from "@/lib/contacts/view";
import type { ServiceContext } from "@/lib/context";
import { getContactOrThrow } from "@/lib/contacts/service";
import { AppError } from "@/lib/errors";

export type ChosenContact = { id: string; name: string };

/**
 * The contact named by `?for=` ("Send a card" from a contact or the calendar), if it is one of
 * the user's; anything else is ignored so a stale link still shows the catalog.
 */
export async function findChosenContact(ctx: ServiceContext, contactId: string | undefined): Promise<ChosenContact | null> {
  if (!contactId) return null;
  try {
    const contact = await getContactOrThrow(ctx, contactId);
    return { id: contact.id, name: contactName(contact) };
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return null;
    throw error;
  }
}
