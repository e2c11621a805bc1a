import { z } from "zod";
import { cursorQuery, perPageQuery } from "@/lib/paging";
import { optionalText, requiredText } from "@/lib/validation";

export const GROUP_NAME_MAX = 255;
export const GROUP_DESCRIPTION_MAX = 2000;

/** A group as sent on create and update; `id` and the timestamps, if sent, are ignored. */
export const createGroupSchema = z.object({
  name: requiredText(GROUP_NAME_MAX),
  description: optionalText(GROUP_DESCRIPTION_MAX),
});
export type CreateGroupInput = z.infer<typeof createGroupSchema>;

/** PUT replaces the group: a description left out is cleared, like one sent as null or "". */
export const updateGroupSchema = createGroupSchema;
export type UpdateGroupInput = z.infer<typeof updateGroupSchema>;

const MAX_CONTACTS_PER_ADD = 1000;

/** Several of the user's contacts added to a group at once (the address book's bulk action). */
export const addContactsToGroupSchema = z.object({
  contact_ids: z.array(z.uuid()).min(1).max(MAX_CONTACTS_PER_ADD),
});
export type AddContactsToGroupInput = z.infer<typeof addContactsToGroupSchema>;

/**
 * `GET /groups/{groupId}/contacts`: the spec answers every member as a plain array, so without
 * parameters the first 1,000 come back (a `Link` header names the rest); `per_page` and `cursor`
 * page through larger groups.
 */
export const GROUP_CONTACTS_MAX_PER_PAGE = 1000;
export const listGroupContactsQuerySchema = z.object({
  per_page: perPageQuery(GROUP_CONTACTS_MAX_PER_PAGE, GROUP_CONTACTS_MAX_PER_PAGE),
  cursor: cursorQuery(),
});
export type ListGroupContactsQuery = z.infer<typeof listGroupContactsQuerySchema>;
