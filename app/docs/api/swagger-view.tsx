"use client";

import Script from "next/script";
import { useCallback, useRef, useState, useSyncExternalStore, type ReactNode } from "react";

type SwaggerUIBundle = ((options: Record<string, unknown>) => unknown) & { presets: { apis: unknown } };

declare global {
  interface Window {
    SwaggerUIBundle?: SwaggerUIBundle;
  }
}

type State = "loading" | "ready" | "failed";

const noSubscription = () => () => {};

/**
 * Swagger UI rendered from the app's own copy of the bundle (no CDN). Until it has rendered the
 * document, and for good if it never does (JavaScript off or slow), `children` stays on screen.
 */
export function SwaggerView({ url, children }: { url: string; children: ReactNode }) {
  const mount = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>("loading");
  // False in the server's HTML, so a browser without JavaScript is not told something is loading.
  const scripted = useSyncExternalStore(noSubscription, () => true, () => false);

  const start = useCallback(() => {
    const node = mount.current;
    const bundle = window.SwaggerUIBundle;
    if (!node) return;
    if (!bundle) {
      setState("failed");
      return;
    }
    // onReady runs on every mount: one Swagger UI per node.
    if (node.dataset.started) return;
    node.dataset.started = "true";
    bundle({
      url,
      domNode: node,
      presets: [bundle.presets.apis],
      deepLinking: true,
      docExpansion: "list",
      defaultModelsExpandDepth: 0,
      displayRequestDuration: true,
      // No call to the public validator service: the page works offline.
      validatorUrl: null,
      onComplete: () => setState("ready"),
    });
  }, [url]);

  return (
    <>
      <Script src="/docs/api/assets/swagger-ui-bundle.js" strategy="afterInteractive" onReady={start} onError={() => setState("failed")} />
      {state !== "ready" && (
        <>
          {scripted && (
            <p role="status" className="mb-6 text-sm text-stone-500">
              {state === "loading"
                ? "Loading the interactive reference…"
                : "The interactive reference could not be loaded. Below is the list of operations; the full description is the OpenAPI document."}
            </p>
          )}
          {children}
        </>
      )}
      <div ref={mount} className="api-reference" aria-busy={state === "loading"} />
    </>
  );
}
