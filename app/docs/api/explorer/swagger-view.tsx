"use client";

import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from "react";

type SwaggerUIBundle = ((options: Record<string, unknown>) => unknown) & { presets: { apis: unknown } };

declare global {
  interface Window {
    SwaggerUIBundle?: SwaggerUIBundle;
  }
}

type State = "loading" | "ready" | "failed";

const BUNDLE_URL = "/docs/api/assets/swagger-ui-bundle.js";

const noSubscription = () => () => {};

function runScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`Could not load ${src}`));
    document.head.append(script);
  });
}

/**
 * The bundle is 1.9 MB of JavaScript and the server can only send it uncompressed (Next drops a
 * route's Content-Encoding), so it comes as a gzip file (about 460 kB) inflated here. A browser
 * without DecompressionStream, or a failed inflate, gets the plain file.
 */
async function loadSwaggerUi(): Promise<SwaggerUIBundle> {
  if (!window.SwaggerUIBundle) {
    let loaded = false;
    if (typeof DecompressionStream === "function") {
      try {
        const response = await fetch(`${BUNDLE_URL}.gz`);
        if (!response.ok || !response.body) throw new Error(`${response.status}`);
        const source = await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).blob();
        const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
        try {
          await runScript(url);
          loaded = true;
        } finally {
          URL.revokeObjectURL(url);
        }
      } catch {
        loaded = false;
      }
    }
    if (!loaded) await runScript(BUNDLE_URL);
  }
  if (!window.SwaggerUIBundle) throw new Error("Swagger UI did not start");
  return window.SwaggerUIBundle;
}

let bundle: Promise<SwaggerUIBundle> | undefined;

/**
 * Swagger UI rendered from the app's own copy of the bundle (no CDN). Until it has rendered the
 * document, and for good if it never does (JavaScript off or slow), `children` stays on screen.
 */
export function SwaggerView({ url, children }: { url: string; children: ReactNode }) {
  const mount = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>("loading");
  // False in the server's HTML, so a browser without JavaScript is not told something is loading.
  const scripted = useSyncExternalStore(noSubscription, () => true, () => false);

  // Swagger UI renders some selects without a name and code boxes that can't take focus: patch them as they appear (it re-renders on every expand).
  useEffect(() => {
    const node = mount.current;
    if (!node) return;
    const label = () => {
      // The servers select sits in an empty <label>, so it has a label but no name.
      for (const select of node.querySelectorAll<HTMLSelectElement>("select:not([aria-label]):not([aria-labelledby])")) {
        const labelled = [...(select.labels ?? [])].some((label) => (label.textContent ?? "").replace(select.textContent ?? "", "").trim() !== "");
        if (labelled) continue;
        select.setAttribute("aria-label", select.id === "servers" ? "Server" : (select.closest("[data-param-name]")?.getAttribute("data-param-name") ?? "Value"));
      }
      for (const close of node.querySelectorAll<HTMLButtonElement>("button.close-modal:not([aria-label])")) close.setAttribute("aria-label", "Close");
      // Code samples scroll: a keyboard user must be able to focus them to scroll.
      for (const pre of node.querySelectorAll<HTMLPreElement>("pre:not([tabindex])")) pre.tabIndex = 0;
    };
    const observer = new MutationObserver(label);
    observer.observe(node, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    let active = true;
    bundle ??= loadSwaggerUi();
    bundle.catch(() => (bundle = undefined));
    bundle.then(
      (swaggerUi) => {
        const node = mount.current;
        // Effects run twice in development: one Swagger UI per node.
        if (!active || !node || node.dataset.started) return;
        node.dataset.started = "true";
        swaggerUi({
          url,
          domNode: node,
          presets: [swaggerUi.presets.apis],
          // Deep links put an <a> inside each operation's toggle button (nested-interactive).
          deepLinking: false,
          docExpansion: "list",
          defaultModelsExpandDepth: 0,
          displayRequestDuration: true,
          // Its highlighting theme has too little contrast (red on dark grey); plain text reads as well.
          syntaxHighlight: { activated: false },
          // No call to the public validator service: the page works offline.
          validatorUrl: null,
          onComplete: () => setState("ready"),
        });
      },
      () => active && setState("failed"),
    );
    return () => {
      active = false;
    };
  }, [url]);

  return (
    <>
      {state !== "ready" && (
        <>
          {scripted && (
            <p role="status" className="mb-6 text-sm text-stone-600">
              {state === "loading" ? "Loading the interactive explorer…" : "The interactive explorer could not be loaded."}
            </p>
          )}
          {children}
        </>
      )}
      <div ref={mount} className="api-reference" aria-busy={state === "loading"} />
    </>
  );
}
