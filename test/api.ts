import { getDb, type Database } from "@/db/client";
import { users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password";
import { issueToken } from "@/lib/auth/tokens";

type RouteModule = Partial<Record<string, (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>>>;

// Every route file under app/api, matched the way Next.js matches them: static segments
// first, then dynamic ones, then catch-alls.
const modules = import.meta.glob<RouteModule>("/app/api/**/route.ts");

type CompiledRoute = { file: string; segments: string[]; kinds: number[] };

// Segment kinds compared position by position (static 0, dynamic 1, catch-all 2), so a
// catch-all never shadows a longer, more specific route.
function compareRoutes(a: CompiledRoute, b: CompiledRoute): number {
  for (let i = 0; i < Math.min(a.kinds.length, b.kinds.length); i++) {
    if (a.kinds[i] !== b.kinds[i]) return a.kinds[i]! - b.kinds[i]!;
  }
  return b.kinds.length - a.kinds.length;
}

const routes: CompiledRoute[] = Object.keys(modules)
  .map((file) => {
    const segments = file.replace(/^\/app/, "").replace(/\/route\.ts$/, "").split("/").filter(Boolean);
    const kinds = segments.map((s) => (s.startsWith("[...") ? 2 : s.startsWith("[") ? 1 : 0));
    return { file, segments, kinds };
  })
  .sort(compareRoutes);

function match(pathname: string): { file: string; params: Record<string, string | string[]> } | undefined {
  const parts = pathname.split("/").filter(Boolean).map(decodeURIComponent);
  for (const route of routes) {
    const params: Record<string, string | string[]> = {};
    let ok = true;
    for (let i = 0; i < route.segments.length && ok; i++) {
      const seg = route.segments[i]!;
      if (seg.startsWith("[...")) {
        const rest = parts.slice(i);
        if (rest.length === 0) ok = false;
        else params[seg.slice(4, -1)] = rest;
        return ok ? { file: route.file, params } : undefined;
      }
      const part = parts[i];
      if (part === undefined) ok = false;
      else if (seg.startsWith("[")) params[seg.slice(1, -1)] = part;
      else if (seg !== part) ok = false;
    }
    if (ok && parts.length === route.segments.length) return { file: route.file, params };
  }
  return undefined;
}

/** `bytes`: the body as sent, for answers that are not text (a PDF). */
export type ApiResponse<T = any> = { status: number; body: T; headers: Headers; text: string; bytes: Uint8Array }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** `rawBody` as bytes sends them as they are (a file in another charset than UTF-8). */
type CallOptions = { token?: string; body?: unknown; rawBody?: string | Uint8Array; headers?: Record<string, string> };

/** Calls a route handler as the Next.js server would, by method and path (`/api/v1/contacts?query=a`). */
export async function call(method: string, path: string, options: CallOptions = {}): Promise<ApiResponse> {
  const url = new URL(path, "http://localhost:3000");
  const found = match(url.pathname);
  if (!found) throw new Error(`No route file matches ${url.pathname}`);
  const mod = await modules[found.file]!();
  const fn = mod[method.toUpperCase()];
  if (!fn) throw new Error(`${found.file} exports no ${method}`);
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Uint8Array<ArrayBuffer> | undefined = options.rawBody instanceof Uint8Array ? new Uint8Array(options.rawBody) : options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await fn(new Request(url, { method: method.toUpperCase(), headers, body }), { params: Promise.resolve(found.params) });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  return { status: res.status, body: parsed, headers: res.headers, text, bytes };
}

export const api = {
  get: (path: string, o?: CallOptions) => call("GET", `/api/v1${path}`, o),
  post: (path: string, o?: CallOptions) => call("POST", `/api/v1${path}`, o),
  put: (path: string, o?: CallOptions) => call("PUT", `/api/v1${path}`, o),
  patch: (path: string, o?: CallOptions) => call("PATCH", `/api/v1${path}`, o),
  delete: (path: string, o?: CallOptions) => call("DELETE", `/api/v1${path}`, o),
};

let sequence = 0;

export type TestUser = { id: number; email: string; password: string; token: string; db: Database };

/** A fresh account with a token, so every test owns its data. */
export async function createUser(options: { creditCents?: number; accountType?: number; appId?: string; email?: string } = {}): Promise<TestUser> {
  const db = await getDb();
  sequence += 1;
  const email = options.email ?? `user${sequence}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = "correct-horse-battery";
  const [user] = await db
    .insert(users)
    .values({
      email,
      username: `user${sequence}`,
      passwordHash: await cachedHash(password),
      accountType: options.accountType ?? 1,
      creditCents: options.creditCents ?? 0,
    })
    .returning();
  const { token } = await issueToken(db, user!.id, options.appId ?? "tests");
  return { id: user!.id, email, password, token, db };
}

let hashed: Promise<string> | undefined;
function cachedHash(password: string): Promise<string> {
  return (hashed ??= hashPassword(password));
}
