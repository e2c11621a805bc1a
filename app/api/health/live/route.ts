// GET /api/health/live — liveness probe: the process answers, without touching the database
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  // A restart is the cure for a process that stops answering this; a database outage is not,
  // so the database is left to GET /api/health/ready (readiness).
  GET: async () => json({ status: "ok" }),
});
