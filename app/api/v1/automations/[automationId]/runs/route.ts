// GET /api/v1/automations/{id}/runs — what the scheduler did for the automation, newest first (extension)
import { handler, route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";
import { toAutomationRunJson } from "@/lib/automations/mapper";
import { listRunsQuerySchema } from "@/lib/automations/schema";
import { getAutomationOrThrow, listRuns } from "@/lib/automations/service";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handler(async ({ service, params, query }) => {
    await getAutomationOrThrow(service, params.automationId!);
    const page = await listRuns(service, params.automationId!, query(listRunsQuerySchema));
    return json({ data: page.runs.map(toAutomationRunJson), next_cursor: page.nextCursor });
  }),
});
