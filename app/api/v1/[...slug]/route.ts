// Any /api/v1 path no route matches: a JSON 404, never the HTML not-found page.
import { route, type RouteHandler } from "@/lib/api/handler";
import { json } from "@/lib/api/http";

const notFound: RouteHandler = async () => json({ message: "Not found." }, 404);

export const { GET, POST, PUT, PATCH, DELETE } = route({ GET: notFound, POST: notFound, PUT: notFound, PATCH: notFound, DELETE: notFound });
