import type { Metadata } from "next";
import Link from "next/link";
import { openApiDocument } from "@/lib/openapi/document";
import { SwaggerView } from "./swagger-view";
// Scoped under .swagger-ui; bundled with this route's styles, so nothing is fetched from elsewhere.
import "swagger-ui-dist/swagger-ui.css";
import "./reference.css";

export const metadata: Metadata = {
  title: "API reference",
  description: "The Cardmail partner REST API under /api/v1: contacts, groups, cards, projects, checkout and tracking.",
};

const DOCUMENT_URL = "/api/v1/openapi.json";
const METHODS = ["get", "post", "put", "patch", "delete"] as const;

const METHOD_STYLES: Record<(typeof METHODS)[number], string> = {
  get: "bg-sky-100 text-sky-800",
  post: "bg-emerald-100 text-emerald-800",
  put: "bg-amber-100 text-amber-800",
  patch: "bg-violet-100 text-violet-800",
  delete: "bg-red-100 text-red-800",
};

type OperationSummary = { method: (typeof METHODS)[number]; path: string; summary: string; extension: boolean; isPublic: boolean };

/** The document's operations grouped by tag, in the document's tag order. */
function operationsByTag(): { tag: string; description: string; operations: OperationSummary[] }[] {
  const doc = openApiDocument();
  const groups = new Map((doc.tags ?? []).map((tag) => [tag.name, { tag: tag.name, description: tag.description ?? "", operations: [] as OperationSummary[] }]));
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? "Other";
      if (!groups.has(tag)) groups.set(tag, { tag, description: "", operations: [] });
      groups.get(tag)!.operations.push({
        method,
        path,
        summary: (op.summary ?? "").replace(/ \(extension\)$/, ""),
        extension: (op as Record<string, unknown>)["x-extension"] === true,
        isPublic: !op.security || op.security.length === 0,
      });
    }
  }
  return [...groups.values()].filter((group) => group.operations.length > 0);
}

export default function ApiReferencePage() {
  const doc = openApiDocument();
  const groups = operationsByTag();
  return (
    <div className="min-h-dvh bg-white">
      <header className="border-b border-stone-200 bg-stone-50">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-6 py-5">
          <div>
            <p className="text-sm">
              <Link href="/" className="font-medium text-brand-700 hover:text-brand-900">
                ← Cardmail
              </Link>
            </p>
            <h1 className="mt-1 text-2xl font-semibold tracking-tight text-stone-900">Cardmail API reference</h1>
            <p className="mt-1 text-sm text-stone-600">
              Version {doc.info.version} · base URL <code className="rounded bg-stone-200/70 px-1">/api/v1</code> · bearer token from{" "}
              <code className="rounded bg-stone-200/70 px-1">POST /auth/login</code>
            </p>
          </div>
          <a href={DOCUMENT_URL} className="rounded-md border border-stone-300 bg-white px-3 py-2 text-sm font-medium text-stone-800 hover:bg-stone-100">
            OpenAPI 3.1 document (JSON)
          </a>
        </div>
      </header>

      <main className="mx-auto max-w-6xl px-6 py-8">
        <SwaggerView url={DOCUMENT_URL}>
          <section aria-labelledby="operation-list">
            <h2 id="operation-list" className="text-lg font-semibold tracking-tight text-stone-900">
              Operations
            </h2>
            <p className="mt-1 max-w-3xl text-sm text-stone-600">
              Every operation except login needs <code>Authorization: Bearer &lt;token&gt;</code>. Operations marked “extension” go beyond the partner
              specification. Request and response fields, status codes and error messages are in the{" "}
              <a href={DOCUMENT_URL} className="font-medium text-brand-700 underline">
                OpenAPI document
              </a>
              .
            </p>
            {groups.map((group) => (
              <div key={group.tag} className="mt-6">
                <h3 className="font-medium text-stone-900">{group.tag}</h3>
                {group.description && <p className="text-sm text-stone-500">{group.description}</p>}
                <ul className="mt-2 divide-y divide-stone-100 rounded-md border border-stone-200">
                  {group.operations.map((op) => (
                    <li key={`${op.method} ${op.path}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
                      <span className={`w-16 rounded px-2 py-0.5 text-center font-mono text-xs font-semibold uppercase ${METHOD_STYLES[op.method]}`}>{op.method}</span>
                      <code className="font-mono text-stone-900">{op.path}</code>
                      <span className="text-stone-600">{op.summary}</span>
                      {op.extension && <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs text-stone-600">extension</span>}
                      {op.isPublic && <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs text-stone-600">no token</span>}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </section>
        </SwaggerView>
      </main>
    </div>
  );
}
