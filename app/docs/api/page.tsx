import type { Metadata } from "next";
import { ApiReferenceView } from "@/components/docs/api-reference";
import { openApiDocument } from "@/lib/openapi/document";
import { buildApiReference } from "@/lib/openapi/reference";

export const metadata: Metadata = {
  title: "API reference",
  description: "The Cardmail partner REST API under /api/v1: contacts, groups, cards, projects, checkout and tracking.",
};

const DOCUMENT_URL = "/api/v1/openapi.json";
const headerLink =
  "inline-flex h-9 items-center rounded-lg border border-stone-300 bg-white px-3 text-sm font-medium text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-600";

// Plain links, not next/link: this page is static HTML and loads no script of its own.
export default function ApiReferencePage() {
  const reference = buildApiReference(openApiDocument());
  return (
    <div className="min-h-dvh bg-white">
      <header className="border-b border-stone-200 bg-stone-50">
        <div className="mx-auto flex max-w-7xl flex-wrap items-end justify-between gap-4 px-4 py-6 sm:px-6">
          <div className="min-w-0">
            <p className="text-sm">
              {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a plain link keeps this page free of client script */}
              <a href="/" className="font-medium text-rose-700 hover:text-rose-900 hover:underline">
                ← Cardmail
              </a>
            </p>
            <h1 className="mt-1 text-2xl font-semibold tracking-tight text-stone-900">Cardmail API reference</h1>
            <p className="mt-1 text-sm text-stone-600">
              Version {reference.version} · base URL <code className="rounded bg-stone-200/70 px-1 font-mono text-stone-800">{reference.baseUrl}</code>
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <a href={DOCUMENT_URL} className={headerLink}>
              OpenAPI document (JSON)
            </a>
          </div>
        </div>
      </header>
      <ApiReferenceView reference={reference} />
    </div>
  );
}
