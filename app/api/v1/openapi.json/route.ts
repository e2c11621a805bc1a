// GET /api/v1/openapi.json — the OpenAPI 3.1 document of this API, served without a token
import { errorResponse, route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";
import { openApiDocument } from "@/lib/openapi/document";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  // A plain handler: the document is built from the schemas once per process, no database involved.
  GET: async () => {
    try {
      return json(openApiDocument(), 200, { "Cache-Control": "public, max-age=300" });
    } catch (error) {
      return errorResponse(error);
    }
  },
});
