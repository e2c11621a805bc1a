import "server-only";
import crypto from "node:crypto";
import { json } from "@/lib/api/http";
import { config } from "@/lib/config";
import { metricsText } from "@/lib/metrics";

function sameToken(given: string, expected: string): boolean {
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * The metrics in Prometheus' text format for a scraper holding METRICS_TOKEN. Without the
 * setting the route does not exist (404), so a default install exposes nothing.
 */
export async function metricsAnswer(req: Request): Promise<Response> {
  const token = config().METRICS_TOKEN;
  if (!token) return json({ message: "Not found." }, 404);
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get("authorization") ?? "");
  if (!match || !sameToken(match[1]!, token)) return json({ message: "Unauthenticated." }, 401, { "WWW-Authenticate": "Bearer" });
  const { text, contentType } = await metricsText();
  return new Response(text, { status: 200, headers: { "Content-Type": contentType, "Cache-Control": "no-store" } });
}
