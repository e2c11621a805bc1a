// GET /api/v1/projects/{uuid} — one project with its recipients
import { handler, route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";
import { appOrigin } from "@/lib/config";
import { toProjectDetailJson } from "@/lib/projects/mapper";
import { getProjectOrThrow } from "@/lib/projects/service";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handler(async ({ service, params }) => json({ data: toProjectDetailJson(await getProjectOrThrow(service, params.uuid ?? ""), appOrigin()) })),
});
