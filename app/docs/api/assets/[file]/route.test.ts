import { describe, expect, it } from "vitest";
import { GET } from "./route";

const get = (file: string, headers: Record<string, string> = {}) =>
  GET(new Request(`http://localhost/docs/api/assets/${encodeURIComponent(file)}`, { headers }), { params: Promise.resolve({ file }) });

describe("GET /docs/api/assets/{file}", () => {
  it("serves the installed Swagger UI bundle, cacheable", async () => {
    const res = await get("swagger-ui-bundle.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/javascript");
    expect((await res.text()).length).toBeGreaterThan(100_000);
    const again = await get("swagger-ui-bundle.js", { "if-none-match": res.headers.get("etag")! });
    expect(again.status).toBe(304);
  });

  it("serves nothing else from the package or the disk", async () => {
    for (const file of ["package.json", "index.html", "../../package.json", "swagger-ui-bundle.js.map"]) {
      const res = await get(file);
      expect(res.status, file).toBe(404);
      expect(await res.json()).toEqual({ message: "Not found." });
    }
  });
});
