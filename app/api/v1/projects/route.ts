// GET, POST /api/v1/projects — the user's projects, newest first; create a project from a card
import { handler, route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";
import { appOrigin } from "@/lib/config";
import { toProjectJson } from "@/lib/projects/mapper";
import { createProjectSchema, listProjectsQuerySchema } from "@/lib/projects/schema";
import { createProject, listProjects } from "@/lib/projects/service";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handler(async ({ service, query }) => {
    const page = await listProjects(service, query(listProjectsQuerySchema));
    const origin = appOrigin();
    return json({ data: page.projects.map((project) => toProjectJson(project, origin)), next_cursor: page.nextCursor });
  }),
  POST: handler(async ({ service, body }) => {
    const input = await body(createProjectSchema);
    return json({ data: toProjectJson(await createProject(service, input), appOrigin()) }, 201);
  }),
});
