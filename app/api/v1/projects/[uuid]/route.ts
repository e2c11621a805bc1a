// GET /api/v1/projects/{uuid} — one project with the first page of its recipients, their count and the next page's cursor
import { handler, route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";
import { appOrigin } from "@/lib/config";
import { toProjectDetailJson } from "@/lib/projects/mapper";
import { getProjectDetail } from "@/lib/projects/recipient-list";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handler(async ({ service, params }) => json({ data: toProjectDetailJson(await getProjectDetail(service, params.uuid ?? ""), appOrigin()) })),
});
