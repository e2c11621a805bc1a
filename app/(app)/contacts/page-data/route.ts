// GET /contacts/page-data — the address book's next rows for the signed-in browser session
import { z } from "zod";
import { sessionHandler } from "@/app/_lib/session-handler";
import { CONTACTS_PER_PAGE, toContactListItem, type ContactListPage } from "@/lib/contacts/view";
import { json } from "@/lib/api/http";
import { listContacts } from "@/lib/contacts/service";
import { serialIdQuery } from "@/lib/ids";
import { cursorQuery } from "@/lib/paging";

const pageDataQuerySchema = z.object({
  cursor: cursorQuery(),
  query: z.string().max(255).optional(),
  group: serialIdQuery().optional(),
});

export const GET = sessionHandler(async ({ query, service }) => {
  const input = query(pageDataQuerySchema);
  const page = await listContacts(service, {
    cursor: input.cursor || null,
    query: input.query?.trim() || null,
    groupId: input.group ?? null,
    perPage: CONTACTS_PER_PAGE,
  });
  const body: ContactListPage = { items: page.items.map((c) => toContactListItem(c)), nextCursor: page.nextCursor };
  return json(body);
});
