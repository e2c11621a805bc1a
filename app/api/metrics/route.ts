// GET /api/metrics — Prometheus metrics of this process, behind METRICS_TOKEN (404 without it)
import { route } from "@/lib/api/handler";
import { metricsAnswer } from "@/lib/metrics-endpoint";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = route({ GET: metricsAnswer });
