import "server-only";
import { contactName } from "@/lib/contacts/view";
import type { ServiceContext } from "@/lib/context";
import { getContactOrThrow } from "@/lib/contacts/service";
import { AppError } from "@/lib/errors";
import { listGroupMembers } from "@/lib/groups/members";
import { getGroupOrThrow } from "@/lib/groups/service";
import { getProjectOrThrow } from "@/lib/projects/service";
import type { SendContext } from "@/components/cards/send-context";

export type ChosenContact = { id: string; name: string; firstName: string; lastName: string };
/** A group to send to, with its first member, whom the message preview is drawn for. */
export type ChosenGroup = { id: number; name: string; firstMember?: { id: string; firstName: string; lastName: string } | null };
export type ChangingProject = { id: string; name: string; cardId: number; message: string; signoff: string };

/** A stale or foreign id in a link shows the catalog as if it were not there. */
async function unlessNotFound<T>(find: () => Promise<T>): Promise<T | null> {
  try {
    return await find();
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return null;
    throw error;
  }
}

/**
 * The contact named by `?for=` ("Send a card" from a contact or the calendar), if it is one of
 * the user's; anything else is ignored so a stale link still shows the catalog.
 */
export async function findChosenContact(ctx: ServiceContext, contactId: string | undefined): Promise<ChosenContact | null> {
  if (!contactId) return null;
  return unlessNotFound(async () => {
    const contact = await getContactOrThrow(ctx, contactId);
    return { id: contact.id, name: contactName(contact), firstName: contact.firstName, lastName: contact.lastName };
  });
}

/** The user's group named by `?group=` ("Send a card to this group"). */
export async function findChosenGroup(ctx: ServiceContext, groupId: string | undefined): Promise<ChosenGroup | null> {
  if (!groupId) return null;
  return unlessNotFound(async () => {
    const group = await getGroupOrThrow(ctx, groupId);
    const { items } = await listGroupMembers(ctx, group.id, { perPage: 1 });
    const first = items[0];
    return { id: group.id, name: group.name, firstMember: first ? { id: first.id, firstName: first.firstName, lastName: first.lastName } : null };
  });
}

/** The user's project named by `?change=` ("Change card"). */
export async function findChangingProject(ctx: ServiceContext, projectUuid: string | undefined): Promise<ChangingProject | null> {
  if (!projectUuid) return null;
  return unlessNotFound(async () => {
    const project = await getProjectOrThrow(ctx, projectUuid);
    return { id: project.id, name: project.name, cardId: project.cardId, message: project.automationMessage, signoff: project.automationSignoff };
  });
}

/** Everything the catalog carries, each piece checked against the user's own data; the rest dropped. */
export async function resolveSendContext(ctx: ServiceContext, carried: SendContext) {
  const [contact, group, changing] = await Promise.all([
    findChosenContact(ctx, carried.forContact),
    findChosenGroup(ctx, carried.forGroup),
    findChangingProject(ctx, carried.changeProject),
  ]);
  // Changing a card is its own errand: it carries nobody to send to.
  const send: SendContext = changing
    ? { changeProject: changing.id }
    : { forContact: contact?.id, forGroup: group ? String(group.id) : undefined, deliveryDate: carried.deliveryDate };
  return { send, contact: changing ? null : contact, group: changing ? null : group, changing };
}
