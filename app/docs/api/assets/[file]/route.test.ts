import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { GET } from "./route";

const get = (file: string, headers: Record<string, string> = {}) =>
  GET(new Request(`http://localhost/docs/api/assets/${encodeURIComponent(file)}`, { headers }), { params: Promise.resolve({ file }) });

describe("GET /docs/api/assets/{file}", () => {
  it("serves the installed Swagger UI bundle, cacheable", async () => {
    const res = await get("swagger-ui-bundle.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/javascript");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    expect((await res.text()).length).toBeGreaterThan(100_000);
    const again = await get("swagger-ui-bundle.js", { "if-none-match": res.headers.get("etag")! });
    expect(again.status).toBe(304);
  });

  it("serves the same bundle as a gzip file, compressed once and cacheable", async () => {
    const plain = Buffer.from(await (await get("swagger-ui-bundle.js")).arrayBuffer());
    const res = await get("swagger-ui-bundle.js.gz");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/gzip");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    const compressed = Buffer.from(await res.arrayBuffer());
    expect(compressed.length).toBeLessThan(plain.length / 3);
    expect(gunzipSync(compressed).equals(plain)).toBe(true);

    const etag = res.headers.get("etag")!;
    expect(etag).not.toBe((await get("swagger-ui-bundle.js")).headers.get("etag"));
    expect((await get("swagger-ui-bundle.js.gz", { "if-none-match": `W/${etag}` })).status).toBe(304);
    const next = Buffer.from(await (await get("swagger-ui-bundle.js.gz")).arrayBuffer());
    expect(next.equals(compressed)).toBe(true);
  });

  it("serves nothing else from the package or the disk", async () => {
    for (const file of ["package.json", "index.html", "../../package.json", "swagger-ui-bundle.js.map", "swagger-ui.js.gz"]) {
      const res = await get(file);
      expect(res.status, file).toBe(404);
      expect(await res.json()).toEqual({ message: "Not found." });
    }
  });
});
