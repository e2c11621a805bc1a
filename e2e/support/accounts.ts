import { expect, type APIRequestContext } from "@playwright/test";

export type Credentials = { username: string; email: string; password: string };

export const DEMO = { email: "demo@example.com", password: "demo-password" } as const;
export const ALEX = { email: "alex@example.com", password: "demo-password" } as const;
export const ADMIN = { email: "admin@example.com", password: "admin-password" } as const;

let counter = 0;

/** A unique, valid new account: parallel workers and retries never collide. */
export function newCredentials(label = "user"): Credentials {
  const id = `${Date.now().toString(36)}${process.pid.toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { username: `E2E ${label} ${id}`, email: `e2e-${label}-${id}@example.com`, password: `pw-${id}-secret` };
}

const decodeEntities = (value: string) =>
  value.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/**
 * Submits one of the auth forms the way a browser without JavaScript does (the forms are
 * progressively enhanced server actions): reads the form's hidden action fields, posts them with
 * the visible fields, and keeps the session cookie in the request context. With `page.request`
 * the cookie lands in the page's browser context too.
 */
async function submitAuthForm(request: APIRequestContext, path: "/signup" | "/login", fields: Record<string, string>) {
  const page = await request.get(path);
  expect(page.status(), `GET ${path}`).toBe(200);
  const html = await page.text();
  const form = html.match(/<form[^>]*method="POST"[^>]*>([\s\S]*?)<\/form>/i)?.[1];
  if (!form) throw new Error(`No form on ${path}`);
  const hidden: Record<string, string> = {};
  for (const input of form.matchAll(/<input\b[^>]*>/g)) {
    const tag = input[0];
    if (!/type="hidden"/.test(tag)) continue;
    const name = tag.match(/name="([^"]*)"/)?.[1];
    if (name) hidden[decodeEntities(name)] = decodeEntities(tag.match(/value="([^"]*)"/)?.[1] ?? "");
  }
  // Server actions check that the request comes from the app's own origin, as a browser's would.
  const origin = new URL(page.url()).origin;
  const response = await request.post(path, { multipart: { ...hidden, ...fields }, headers: { origin }, maxRedirects: 0 });
  // Success is a redirect into the app; a validation or credentials error re-renders the form.
  if (response.status() !== 303) {
    const text = await response.text();
    const alert = text.match(/role="alert"[^>]*>([\s\S]*?)<\/div>/)?.[1]?.replace(/<[^>]+>/g, "");
    throw new Error(`${path} did not sign in (${response.status()}): ${alert ?? text.slice(0, 300)}`);
  }
  const state = await request.storageState();
  expect(state.cookies.map((c) => c.name), "session cookie").toContainEqual(expect.stringMatching(/authjs\.session-token$/));
}

/** Creates a new account through the sign-up form and leaves it signed in on `request`. */
export async function signUpOverHttp(request: APIRequestContext, label = "user"): Promise<Credentials> {
  const credentials = newCredentials(label);
  await submitAuthForm(request, "/signup", credentials);
  return credentials;
}

/** Signs an existing account in on `request` (and on the page, with `page.request`). */
export async function signInOverHttp(request: APIRequestContext, account: { email: string; password: string }): Promise<void> {
  await submitAuthForm(request, "/login", { email: account.email, password: account.password });
}

/** A bearer token for the partner API. */
export async function apiToken(request: APIRequestContext, account: { email: string; password: string }, appId = "e2e"): Promise<string> {
  const response = await request.post("/api/v1/auth/login", { data: { app_id: appId, email: account.email, password: account.password } });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { data: { token: string } };
  return body.data.token;
}
