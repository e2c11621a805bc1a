import type { Metadata } from "next";
import { SwaggerView } from "./swagger-view";
// Scoped under .swagger-ui; bundled with this route's styles, so nothing is fetched from elsewhere.
import "swagger-ui-dist/swagger-ui.css";
import "./explorer.css";

export const metadata: Metadata = {
  title: "API explorer",
  description: "Try the Cardmail REST API from the browser with Swagger UI.",
};

const DOCUMENT_URL = "/api/v1/openapi.json";

export default function ApiExplorerPage() {
  return (
    <div className="min-h-dvh bg-white">
      <header className="border-b border-stone-200 bg-stone-50">
        <div className="mx-auto max-w-6xl px-4 py-5 sm:px-6">
          <p className="text-sm">
            <a href="/docs/api" className="font-medium text-rose-700 hover:text-rose-900 hover:underline">
              ← API reference
            </a>
          </p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-stone-900">Cardmail API explorer</h1>
          <p className="mt-1 max-w-3xl text-sm text-stone-600">
            Send real requests to <code className="rounded bg-stone-200/70 px-1 font-mono text-stone-800">/api/v1</code> from this page: log in with{" "}
            <code className="rounded bg-stone-200/70 px-1 font-mono text-stone-800">POST /auth/login</code>, then paste the token under “Authorize”.
          </p>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
        <SwaggerView url={DOCUMENT_URL}>
          <p className="text-sm text-stone-700">
            The explorer runs in the browser with JavaScript; the{" "}
            <a href="/docs/api" className="font-medium text-rose-700 underline">
              API reference
            </a>{" "}
            and the{" "}
            <a href={DOCUMENT_URL} className="font-medium text-rose-700 underline">
              OpenAPI document
            </a>{" "}
            describe every operation without it.
          </p>
        </SwaggerView>
      </main>
    </div>
  );
}
