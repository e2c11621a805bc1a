import fs from "node:fs";
import path from "node:path";

/** The budget of gzipped JavaScript a first visit to a main page downloads. */
export const JS_BUDGET_BYTES = 250 * 1000;

/**
 * Where each main page's visit leaves its row. The folder is inside Playwright's output folder,
 * which Playwright empties at the start of every run, so the table holds this run's pages only.
 */
export const JS_WEIGHT_ROWS = path.join(__dirname, "..", "artifacts", "test-results", "js-weight");
const REPORT = path.join(__dirname, "..", "artifacts", "js-weight.md");

export type JsWeightRow = {
  page: string;
  order: number;
  scripts: number;
  gzipBytes: number;
  afterLoadBytes: number;
  transferredBytes: number;
  largest: { name: string; gzipBytes: number } | null;
};

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** Global teardown: the table of every main page's first-load JavaScript, printed and kept as an artifact. */
export default function writeJsWeightReport(): void {
  if (!fs.existsSync(JS_WEIGHT_ROWS)) return;
  const rows = fs
    .readdirSync(JS_WEIGHT_ROWS)
    .map((file) => JSON.parse(fs.readFileSync(path.join(JS_WEIGHT_ROWS, file), "utf8")) as JsWeightRow)
    .sort((a, b) => a.order - b.order);
  if (rows.length === 0) return;
  const table = [
    `First-load JavaScript per main page (budget ${kb(JS_BUDGET_BYTES)} gzipped)`,
    "",
    "| page | scripts | JS gzipped | of which after load | JS transferred | largest script (gzipped) |",
    "|---|---:|---:|---:|---:|---|",
    ...rows.map(
      (r) =>
        `| ${r.page} | ${r.scripts} | ${kb(r.gzipBytes)}${r.gzipBytes >= JS_BUDGET_BYTES ? " (over)" : ""} | ${kb(r.afterLoadBytes)} | ${kb(r.transferredBytes)} | ${r.largest ? `${r.largest.name} ${kb(r.largest.gzipBytes)}` : "-"} |`,
    ),
  ].join("\n");
  console.log(`\n${table}\n`);
  fs.writeFileSync(REPORT, `${table}\n`);
}
