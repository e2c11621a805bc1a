// GET /automations/{id}/runs-data — the automation page's next runs for the signed-in browser session
import { z } from "zod";
import { sessionHandler } from "@/app/_lib/session-handler";
import { json } from "@/lib/api/http";
import { listRuns } from "@/lib/automations/service";
import { AUTOMATION_RUNS_PER_PAGE, toAutomationRunRows, type AutomationRunRowPage } from "@/lib/automations/view";
import { cursorQuery } from "@/lib/paging";

const runsDataQuerySchema = z.object({ cursor: cursorQuery() });

export const GET = sessionHandler(async ({ query, service, params }) => {
  const input = query(runsDataQuerySchema);
  const page = await listRuns(service, params.id ?? "", { cursor: input.cursor || undefined, per_page: AUTOMATION_RUNS_PER_PAGE });
  const body: AutomationRunRowPage = { items: await toAutomationRunRows(service, page.runs), nextCursor: page.nextCursor };
  return json(body);
});
