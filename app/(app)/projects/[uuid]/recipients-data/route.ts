// GET /projects/{uuid}/recipients-data — the project page's next recipients for the signed-in browser session
import { z } from "zod";
import { sessionHandler } from "@/app/_lib/session-handler";
import { json } from "@/lib/api/http";
import { cursorQuery } from "@/lib/paging";
import { listProjectRecipients } from "@/lib/projects/recipient-list";
import { RECIPIENT_ROWS_PER_PAGE, toRecipientRow, type RecipientRowPage } from "@/lib/projects/view";

const recipientsDataQuerySchema = z.object({ cursor: cursorQuery() });

export const GET = sessionHandler(async ({ query, service, params }) => {
  const input = query(recipientsDataQuerySchema);
  const page = await listProjectRecipients(service, params.uuid ?? "", { cursor: input.cursor || null, perPage: RECIPIENT_ROWS_PER_PAGE });
  const body: RecipientRowPage = { items: page.items.map(toRecipientRow), nextCursor: page.nextCursor };
  return json(body);
});
