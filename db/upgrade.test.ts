import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { describe, expect, it } from "vitest";

// Version 1.0 shipped migrations 0000 to 0002: a database it made, with an account and its own
// rows, must take every later migration on start and keep all of them.
const RELEASED_MIGRATIONS = 3;
const folder = path.join(process.cwd(), "db", "migrations");

function releasedFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cardmail-released-"));
  fs.mkdirSync(path.join(dir, "meta"));
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8"));
  const entries = journal.entries.slice(0, RELEASED_MIGRATIONS);
  for (const entry of entries) fs.copyFileSync(path.join(folder, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  fs.writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  return dir;
}

describe("upgrading a database made by version 1.0", () => {
  it("applies every later migration and keeps the account, its contacts and groups", async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzle(client);
    const released = releasedFolder();
    try {
      await migrate(db, { migrationsFolder: released });
      await client.exec(`
        insert into users (email, username, password_hash, account_type, credit_cents) values ('old@example.com', 'old', 'x', 1, 1234);
        insert into contacts (user_id, first_name, last_name, birth_month, birth_day)
          select id, 'Ada', 'Lovelace', 12, 10 from users where email = 'old@example.com';
        insert into groups (user_id, name) select id, 'Family' from users where email = 'old@example.com';
      `);

      await migrate(db, { migrationsFolder: folder });

      const user = await client.query<{ credit_cents: number; session_version: number }>("select credit_cents, session_version from users where email = 'old@example.com'");
      expect(user.rows).toEqual([{ credit_cents: 1234, session_version: 0 }]);
      const contact = await client.query<{ first_name: string; birth_month: number }>("select first_name, birth_month from contacts");
      expect(contact.rows).toEqual([{ first_name: "Ada", birth_month: 12 }]);
      expect((await client.query("select name from groups")).rows).toEqual([{ name: "Family" }]);
      const applied = await client.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations");
      const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8"));
      expect(applied.rows[0]!.n).toBe(journal.entries.length);
    } finally {
      await client.close();
      fs.rmSync(released, { recursive: true, force: true });
    }
  });
});
