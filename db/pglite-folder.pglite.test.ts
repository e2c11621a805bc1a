import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DbHandle } from "./client";

type Exit = { code: number | null; stdout: string; stderr: string };

/** Opens the folder from another node process, as a second server or a seed script would. */
function openFromAnotherProcess(dir: string): Promise<Exit> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      // As the npm scripts run TypeScript: the real server-only throws outside react-server.
      ["--conditions=react-server", "--import", "tsx", path.join(process.cwd(), "test", "open-database.ts"), dir],
      { timeout: 100_000, env: { ...process.env, DATABASE_URL: "" } },
      (error, stdout, stderr) => resolve({ code: error ? ((error.code as number | undefined) ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The pid of a process that has already exited. */
function deadPid(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["-e", ""]);
    child.on("exit", () => resolve(child.pid!));
  });
}

// Creating a PGlite folder on disk and starting node processes take seconds (more on a busy
// machine): one folder, created and migrated once, serves the whole file.
describe("the embedded database folder", { timeout: 120_000 }, () => {
  let dir: string;
  let handle: DbHandle | undefined;

  beforeAll(async () => {
    dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "cardmail-lock-")), "pglite");
    await (await openDatabase({ pgliteDir: dir })).close();
  }, 180_000);

  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  afterAll(() => {
    fs.rmSync(path.dirname(dir), { recursive: true, force: true });
  });

  it("is private to its owner, even when it was opened to others before", async () => {
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    fs.chmodSync(dir, 0o777);
    handle = await openDatabase({ pgliteDir: dir });
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
  });

  it("refuses a second process while one holds it, naming the folder", async () => {
    handle = await openDatabase({ pgliteDir: dir });
    expect(handle.driver).toBe("pglite");

    const second = await openFromAnotherProcess(dir);
    expect(second.code).not.toBe(0);
    expect(second.stderr).toContain(path.resolve(dir));
    expect(second.stderr).toContain("in use");
  });

  it("opens in another process once the holder has closed it", async () => {
    handle = await openDatabase({ pgliteDir: dir });
    await handle.close();
    handle = undefined;
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);

    const second = await openFromAnotherProcess(dir);
    expect(second.stderr).toBe("");
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(`opened ${path.resolve(dir)}`);
  });

  it("takes over the lock of a process that died without releasing it", async () => {
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    fs.writeFileSync(`${dir}.lock`, String(await deadPid()));

    handle = await openDatabase({ pgliteDir: dir });
    expect(fs.readFileSync(`${dir}.lock`, "utf8")).toBe(String(process.pid));
  });
});
