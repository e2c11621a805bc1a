import Link from "next/link";
import type { ReactNode } from "react";

function Code({ label, children }: { label: string; children: string }) {
  return (
    // Focusable so that a keyboard can scroll a long line into view.
    <pre tabIndex={0} role="group" aria-label={label} className="overflow-x-auto rounded-lg bg-stone-900 p-4 text-xs leading-relaxed text-stone-100">
      <code>{children}</code>
    </pre>
  );
}

function Step({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-stone-900">{title}</h3>
      {children}
    </div>
  );
}

const inline = "rounded bg-stone-100 px-1 py-0.5 text-xs text-stone-800";

function verifySnippet(): string {
  return `import { Webhook } from "standardwebhooks";

// The endpoint's signing secret (whsec_…), shown when the endpoint was created.
const webhook = new Webhook(process.env.CARDMAIL_WEBHOOK_SECRET!);

export async function POST(request: Request): Promise<Response> {
  // Verify the body exactly as it arrived: parsed and written again, it signs differently.
  const body = await request.text();
  let event: { type: string; timestamp: string; data: Record<string, unknown> };
  try {
    event = webhook.verify(body, {
      "webhook-id": request.headers.get("webhook-id") ?? "",
      "webhook-timestamp": request.headers.get("webhook-timestamp") ?? "",
      "webhook-signature": request.headers.get("webhook-signature") ?? "",
    }) as typeof event;
  } catch {
    return new Response("Invalid signature", { status: 400 });
  }
  // Deliveries come at least once: skip a webhook-id you have already handled.
  console.log(event.type, event.data);
  return new Response(null, { status: 204 });
}`;
}

/** How a partner starts: where the API is, how to authenticate, and how to trust our webhooks. */
export function DeveloperGuide({ apiBase }: { apiBase: string }) {
  return (
    <div className="space-y-6 text-sm text-stone-700">
      <Step title="Base URL">
        <p>
          Every request goes to <code className={inline}>{apiBase}</code> and answers JSON.
        </p>
      </Step>
      <Step title="Authenticate">
        <p>
          Send a token in the <code className={inline}>Authorization</code> header of every request. Make one above, or have your app log in with{" "}
          <code className={inline}>POST /auth/login</code> and an <code className={inline}>app_id</code>: each app_id has one active token, and a new one
          replaces it.
        </p>
        <Code label="Example: list your contacts with curl">{`curl ${apiBase}/contacts \\
  -H "Authorization: Bearer $CARDMAIL_TOKEN" \\
  -H "Accept: application/json"`}</Code>
        <p>
          A missing, revoked or unknown token is answered <code className={inline}>401</code>.{" "}
          <Link href="/docs/api" className="font-medium text-rose-700 underline-offset-2 hover:underline">
            Read the API reference
          </Link>
        </p>
      </Step>
      <Step title="Verify webhooks">
        <p>
          Cardmail signs every webhook request per the Standard Webhooks specification, with the headers <code className={inline}>webhook-id</code>,{" "}
          <code className={inline}>webhook-timestamp</code> and <code className={inline}>webhook-signature</code>. Check them with the{" "}
          <code className={inline}>standardwebhooks</code> package before trusting a request; answer with a 2xx within 10 seconds, or it is retried.
        </p>
        <Code label="Example: verify a webhook in TypeScript">{verifySnippet()}</Code>
      </Step>
    </div>
  );
}
