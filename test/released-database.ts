import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

const folder = path.join(process.cwd(), "db", "migrations");

/** A migrations folder holding the first `count` migrations, as a release shipped them. */
export function releasedFolder(count: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cardmail-released-"));
  fs.mkdirSync(path.join(dir, "meta"));
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8"));
  const entries = journal.entries.slice(0, count);
  for (const entry of entries) fs.copyFileSync(path.join(folder, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  fs.writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  return dir;
}

/**
 * A new embedded database made by the release that shipped the first `count` migrations, handed to
 * `test` with `upgrade`, which takes it to every migration of this checkout as a start does.
 */
export async function withReleasedDatabase(count: number, test: (client: PGlite, upgrade: () => Promise<void>) => Promise<void>): Promise<void> {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  const db = drizzle(client);
  const released = releasedFolder(count);
  try {
    await migrate(db, { migrationsFolder: released });
    await test(client, () => migrate(db, { migrationsFolder: folder }));
  } finally {
    await client.close();
    fs.rmSync(released, { recursive: true, force: true });
  }
}
