import Module from "node:module";

/*
 * What a benchmark script needs to use the app's services outside Next.js: the `server-only`
 * marker stubbed, and the address of a database of its own next to DATABASE_URL's.
 */

/** The services are marked server-only (a no-op on the server); outside Next.js the marker must be stubbed. */
export function stubServerOnly(): void {
  const resolve = Module.createRequire(__filename).resolve;
  const file = resolve("server-only");
  const stub = new Module(file);
  stub.filename = file;
  stub.loaded = true;
  stub.exports = {};
  (Module as unknown as { _cache: Record<string, Module> })._cache[file] = stub;
}

/** DATABASE_URL's server with another database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
