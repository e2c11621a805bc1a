// GET /api/v1/automations/{id}/upcoming — what the automation would send in the next days, and its cost (extension)
import { handler, route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";
import { toUpcomingJson } from "@/lib/automations/mapper";
import { upcomingQuerySchema } from "@/lib/automations/schema";
import { getAutomationOrThrow } from "@/lib/automations/service";
import { listUpcoming } from "@/lib/automations/upcoming";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handler(async ({ service, params, query }) => {
    await getAutomationOrThrow(service, params.automationId!);
    return json(toUpcomingJson(await listUpcoming(service, params.automationId!, query(upcomingQuerySchema))));
  }),
});
