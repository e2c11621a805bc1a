import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { execute, openDatabase } from "./client";
import { makeOwnerOnly } from "./private-files";

/** Every entry under `dir` (and `dir` itself) that its group or others may read, write or enter. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry);
    const mode = stat.mode & 0o777;
    const expected = stat.isDirectory() ? 0o700 : 0o600;
    if (!stat.isSymbolicLink() && mode !== expected) found.push(`${path.relative(dir, entry) || "."} ${mode.toString(8)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(dir);
  return found;
}

const countEntries = (dir: string): number =>
  fs.readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + 1 + (e.isDirectory() ? countEntries(path.join(dir, e.name)) : 0), 0);

const roots: string[] = [];
const newFolder = () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "cardmail-modes-"));
  roots.push(root);
  return path.join(root, "pglite");
};

afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

// The embedded database's files are 0600 and its folders 0700 (DESIGN.md, security 1.2), whatever
// the process umask: PGlite sets the modes of the files it writes itself.
describe("the embedded database folder's modes", { timeout: 180_000 }, () => {
  it("keeps every file 0600 and every folder 0700: after opening, while writing, and after closing", async () => {
    const dir = newFolder();
    const previous = process.umask(0o022);
    try {
      const handle = await openDatabase({ pgliteDir: dir });
      expect(countEntries(dir)).toBeGreaterThan(500);
      expect(openToOthers(dir)).toEqual([]);
      // The lock file beside the folder is its owner's too.
      expect(fs.statSync(`${dir}.lock`).mode & 0o777).toBe(0o600);

      // New tables, an index, rows, a checkpoint: files PostgreSQL creates while the database is open.
      await handle.db.execute(sql`create table mode_check (id serial primary key, note text)`);
      await handle.db.execute(sql`create index mode_check_note on mode_check (note)`);
      await handle.db.execute(sql`insert into mode_check (note) select repeat('x', 200) from generate_series(1, 5000)`);
      await handle.db.execute(sql`checkpoint`);
      expect(openToOthers(dir)).toEqual([]);

      await handle.close();
      expect(openToOthers(dir)).toEqual([]);

      // Opened again: the relation cache file PostgreSQL writes at start is closed too.
      const again = await openDatabase({ pgliteDir: dir });
      expect(await execute(again.db, sql`select count(*)::int as n from mode_check`)).toEqual([{ n: 5000 }]);
      expect(openToOthers(dir)).toEqual([]);
      await again.close();
      expect(openToOthers(dir)).toEqual([]);
    } finally {
      process.umask(previous);
    }
  });

  it("closes a folder made before this rule when it is opened", async () => {
    const dir = newFolder();
    await (await openDatabase({ pgliteDir: dir })).close();
    // As an older version left it: everything world-readable and world-writable.
    const loosen = (entry: string) => {
      const isDir = fs.statSync(entry).isDirectory();
      fs.chmodSync(entry, isDir ? 0o777 : 0o666);
      if (isDir) for (const name of fs.readdirSync(entry)) loosen(path.join(entry, name));
    };
    loosen(dir);
    expect(openToOthers(dir).length).toBeGreaterThan(500);

    const handle = await openDatabase({ pgliteDir: dir });
    expect(openToOthers(dir)).toEqual([]);
    await handle.close();
  });

  it("makeOwnerOnly closes a tree and leaves symbolic links alone", () => {
    const dir = newFolder();
    fs.mkdirSync(path.join(dir, "a", "b"), { recursive: true, mode: 0o777 });
    fs.writeFileSync(path.join(dir, "a", "b", "file"), "x", { mode: 0o666 });
    const outside = path.join(path.dirname(dir), "outside");
    fs.writeFileSync(outside, "x", { mode: 0o644 });
    fs.chmodSync(outside, 0o644);
    fs.symlinkSync(outside, path.join(dir, "a", "link"));
    makeOwnerOnly(dir);
    expect(openToOthers(dir)).toEqual([]);
    expect(fs.statSync(outside).mode & 0o777).toBe(0o644);
  });
});
