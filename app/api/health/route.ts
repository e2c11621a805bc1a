// GET /api/health — 200 once the database is open and migrated (start-up), and from then on
// whatever the database does: liveness. GET /api/health/ready tells whether it answers now.
import { publicHandler, route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: publicHandler(async () => json({ status: "ok" })),
});
