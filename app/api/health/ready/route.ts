// GET /api/health/ready — readiness probe: 200 while the database answers within 2 s, else 503
import { publicHandler, route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";
import { checkReadiness } from "@/lib/health";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  // A load balancer takes the instance out of rotation on a 503 and back on a 200; a restart
  // does not cure a database outage, so GET /api/health (liveness) stays 200 meanwhile.
  GET: publicHandler(async ({ db }) => {
    const readiness = await checkReadiness(db);
    return readiness.ready ? json({ status: "ok" }) : json({ status: "unavailable", message: readiness.reason }, 503, { "Retry-After": "5" });
  }),
});
