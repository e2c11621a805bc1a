// GET /contacts/page-data — the address book's next rows for the signed-in browser session
import { z } from "zod";
import { sessionHandler } from "@/app/_lib/session-handler";
import { CONTACTS_PER_PAGE, toContactListItem, type ContactListPage } from "@/lib/contacts/view";
import { json } from "@/lib/api/http";
import { listContacts, listContactsToAdd, type ContactTarget } from "@/lib/contacts/service";
import { serialIdQuery } from "@/lib/ids";
import { cursorQuery } from "@/lib/paging";

const pageDataQuerySchema = z
  .object({
    cursor: cursorQuery(),
    query: z.string().max(255).optional(),
    group: serialIdQuery().optional(),
    // The pickers: each contact comes marked `included` when it is already on this project or in this group.
    on_project: z.uuid().optional(),
    in_group: serialIdQuery().optional(),
  })
  .refine((input) => input.on_project === undefined || input.in_group === undefined, {
    path: ["in_group"],
    message: "Ask for on_project or in_group, not both.",
  });

export const GET = sessionHandler(async ({ query, service }) => {
  const input = query(pageDataQuerySchema);
  const list = {
    cursor: input.cursor || null,
    query: input.query?.trim() || null,
    groupId: input.group ?? null,
    perPage: CONTACTS_PER_PAGE,
  };
  const target: ContactTarget | null = input.on_project ? { projectUuid: input.on_project } : input.in_group ? { groupId: input.in_group } : null;
  const body: ContactListPage = target
    ? await listContactsToAdd(service, target, list).then((page) => ({
        items: page.items.map((c) => ({ ...toContactListItem(c), included: c.included })),
        nextCursor: page.nextCursor,
      }))
    : await listContacts(service, list).then((page) => ({ items: page.items.map((c) => toContactListItem(c)), nextCursor: page.nextCursor }));
  return json(body);
});
