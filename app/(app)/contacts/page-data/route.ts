// GET /contacts/page-data — the address book's next rows for the signed-in browser session
import { z } from "zod";
import { currentUser } from "@/auth";
import { getDb } from "@/db/client";
import { CONTACTS_PER_PAGE, toContactListItem, type ContactListPage } from "@/components/contacts/list-item";
import { errorResponse } from "@/lib/api/handler";
import { json } from "@/lib/api/http";
import { serviceContext } from "@/lib/auth/session-user";
import { listContacts } from "@/lib/contacts/service";
import { parseInput, queryInt } from "@/lib/validation";

const pageDataQuerySchema = z.object({
  cursor: z.string().max(1000).optional(),
  query: z.string().max(255).optional(),
  group: queryInt().pipe(z.number().int().min(1).max(2_147_483_647)).optional(),
});

export async function GET(req: Request): Promise<Response> {
  const user = await currentUser();
  if (!user) return json({ message: "Your session has ended. Please sign in again." }, 401);
  try {
    const input = parseInput(pageDataQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
    const page = await listContacts(serviceContext(await getDb(), user), {
      cursor: input.cursor || null,
      query: input.query?.trim() || null,
      groupId: input.group ?? null,
      perPage: CONTACTS_PER_PAGE,
    });
    const body: ContactListPage = { items: page.items.map((c) => toContactListItem(c)), nextCursor: page.nextCursor };
    return json(body);
  } catch (error) {
    return errorResponse(error);
  }
}
