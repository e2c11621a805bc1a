import { afterEach, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { api, call, createUser } from "@/test/api";
import { recordJobRun } from "./metrics";

const TOKEN = "metrics-token-0123456789";

afterEach(() => {
  delete process.env.METRICS_TOKEN;
  resetConfig();
});

function withToken(token: string | undefined) {
  if (token === undefined) delete process.env.METRICS_TOKEN;
  else process.env.METRICS_TOKEN = token;
  resetConfig();
}

describe("GET /api/metrics", () => {
  it("does not exist without METRICS_TOKEN", async () => {
    withToken(undefined);
    const res = await call("GET", "/api/metrics", { token: TOKEN });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Not found." });
  });

  it("refuses a missing or wrong token with a JSON 401", async () => {
    withToken(TOKEN);
    for (const token of [undefined, "wrong-token-0123456789"]) {
      const res = await call("GET", "/api/metrics", { token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: "Unauthenticated." });
    }
  });

  it("serves requests by route template, job runs, the pool and process metrics", async () => {
    withToken(TOKEN);
    const user = await createUser();
    await api.get("/contacts/0b5c8a4e-1f7e-4c3a-9d6e-2a1b3c4d5e6f", { token: user.token });
    await api.get("/account", { token: user.token });
    recordJobRun("test-job", "failed");
    const res = await call("GET", "/api/metrics", { token: TOKEN });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = res.text;
    expect(text).toMatch(/cardmail_http_requests_total\{route="\/api\/v1\/contacts\/\{uuid\}",method="GET",status="404"\} [1-9]/);
    expect(text).toMatch(/cardmail_http_requests_total\{route="\/api\/v1\/account",method="GET",status="200"\} [1-9]/);
    expect(text).toMatch(/cardmail_http_request_duration_seconds_bucket\{le="0.1",route="\/api\/v1\/account",method="GET",status="200"\}/);
    expect(text).toMatch(/cardmail_job_runs_total\{job="test-job",outcome="failed"\} [1-9]/);
    expect(text).toContain("process_cpu_user_seconds_total");
    expect(text).toContain("nodejs_heap_size_used_bytes");
    expect(text).not.toContain("0b5c8a4e-1f7e-4c3a-9d6e-2a1b3c4d5e6f");
  });
});
