import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/openapi/document";
import ApiReferencePage from "./page";

const html = renderToStaticMarkup(ApiReferencePage());
const all = (pattern: RegExp) => [...html.matchAll(pattern)];

describe("/docs/api", () => {
  it("is the reference as plain HTML: title, base URL, a link to the document, no script", () => {
    expect(html).toContain("<h1");
    expect(html).toMatch(/<h1[^>]*>Cardmail API reference<\/h1>/);
    expect(html).toContain(">/api/v1</code>");
    expect(html).toContain('href="/api/v1/openapi.json"');
    expect(html).not.toContain("/docs/api/explorer");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("swagger");
  });

  it("has a section for every operation and every webhook event, linked from the contents", () => {
    const document = openApiDocument();
    const methodsOf = (items: object) => Object.values(items).flatMap((item: object) => ["get", "post", "put", "patch", "delete"].filter((method) => method in item));
    const operations = [...methodsOf(document.paths ?? {}), ...methodsOf(document.webhooks ?? {})];
    expect(methodsOf(document.webhooks ?? {}).length).toBeGreaterThanOrEqual(5);
    const articles = all(/<article id="(op-[^"]+)"/g).map((match) => match[1]);
    expect(articles).toHaveLength(operations.length);
    for (const id of articles) expect(html).toContain(`href="#${id}"`);
    for (const name of Object.keys(document.components?.schemas ?? {})) expect(html).toContain(`id="schema-${name}"`);
    // Every link to a schema lands on a schema's table.
    for (const [, target] of all(/href="#(schema-[^"]+)"/g)) expect(html).toContain(`id="${target}"`);
  });

  it("keeps headings in order and names every table and scroll box", () => {
    const levels = all(/<h([1-6])[\s>]/g).map((match) => Number(match[1]));
    expect(levels[0]).toBe(1);
    levels.forEach((level, index) => {
      if (index > 0) expect(level - levels[index - 1]!, `heading ${index}`).toBeLessThanOrEqual(1);
    });
    const boxes = all(/<div role="region" aria-label="([^"]+)" tabindex="0"/g).map((match) => match[1]);
    expect(boxes.length).toBeGreaterThan(50);
    expect(new Set(boxes).size).toBe(boxes.length);
    expect(all(/<table/g)).toHaveLength(all(/<table[^>]*>\s*<thead/g).length);
    expect(all(/<th(?![^>]*scope=)[\s>]/g)).toEqual([]);
    expect(html).toContain('aria-label="Request body fields of POST /contacts"');
  });

  it("renders the Contact create body with nested children fields", () => {
    const start = html.indexOf('aria-label="Request body fields of POST /contacts"');
    const table = html.slice(start, html.indexOf("</table>", start));
    expect(table).toMatch(/<span>children\[\]\.<\/span>first_name<\/code><\/th>.*?Yes.*?at most 100 characters/);
  });
});
