import { expect, test } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { MAIN_PAGES, mainPageSetup, openMainPage } from "./support/main-pages";

// The JavaScript a first visit to each main page downloads (empty cache), gzipped: under 250 kB.
// Every script response is counted until the network is quiet, also ones loaded after the load
// event (deferred scripts, and chunks of linked routes that Next prefetches): the table shows those apart.
const BUDGET_BYTES = 250 * 1000;
const REPORT = path.join(__dirname, "artifacts", "js-weight.md");

type Row = { page: string; scripts: number; gzipBytes: number; afterLoadBytes: number; transferredBytes: number; largest: string };

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

test("every main page loads under 250 kB of gzipped JavaScript", async ({ browser, baseURL }, testInfo) => {
  test.setTimeout(MAIN_PAGES.length * 20_000);
  const { ids, sessions } = await mainPageSetup();
  const rows: Row[] = [];

  for (const main of MAIN_PAGES) {
    // A new context per page: an empty cache, as on a first visit.
    const context = await browser.newContext({ baseURL, storageState: sessions[main.role], viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      const scripts: Promise<{ url: string; gzip: number; transferred: number; afterLoad: boolean }>[] = [];
      let loadFired = false;
      page.once("load", () => (loadFired = true));
      page.on("response", (response) => {
        if (response.request().resourceType() !== "script") return;
        const afterLoad = loadFired;
        scripts.push(
          (async () => {
            const body = await response.body().catch(() => Buffer.alloc(0));
            const sizes = await response
              .request()
              .sizes()
              .catch(() => ({ responseBodySize: body.length }));
            return { url: response.url(), gzip: gzipSync(body).length, transferred: sizes.responseBodySize, afterLoad };
          })(),
        );
      });
      await openMainPage(page, main.path(ids));
      const loaded = await Promise.all(scripts);
      const gzipBytes = loaded.reduce((sum, s) => sum + s.gzip, 0);
      const largest = [...loaded].sort((a, b) => b.gzip - a.gzip)[0];
      rows.push({
        page: `${main.name} (${main.path(ids).replace(/[0-9a-f-]{36}|\/\d+(?=$|\/)/g, (m) => (m.startsWith("/") ? "/{id}" : "{uuid}"))})`,
        scripts: loaded.length,
        gzipBytes,
        afterLoadBytes: loaded.filter((s) => s.afterLoad).reduce((sum, s) => sum + s.gzip, 0),
        transferredBytes: loaded.reduce((sum, s) => sum + s.transferred, 0),
        largest: largest ? `${new URL(largest.url).pathname.split("/").pop()} ${kb(largest.gzip)}` : "-",
      });
      expect.soft(gzipBytes, `${main.name}: gzipped JavaScript in bytes`).toBeLessThan(BUDGET_BYTES);
    } finally {
      await context.close();
    }
  }

  const table = [
    `First-load JavaScript per main page (budget ${kb(BUDGET_BYTES)} gzipped)`,
    "",
    "| page | scripts | JS gzipped | of which after load | JS transferred | largest script (gzipped) |",
    "|---|---:|---:|---:|---:|---|",
    ...rows.map(
      (r) =>
        `| ${r.page} | ${r.scripts} | ${kb(r.gzipBytes)}${r.gzipBytes >= BUDGET_BYTES ? " (over)" : ""} | ${kb(r.afterLoadBytes)} | ${kb(r.transferredBytes)} | ${r.largest} |`,
    ),
  ].join("\n");
  console.log(`\n${table}\n`);
  fs.mkdirSync(path.dirname(REPORT), { recursive: true });
  fs.writeFileSync(REPORT, `${table}\n`);
  await testInfo.attach("js-weight.md", { body: table, contentType: "text/markdown" });
});
