import "server-only";
import fs from "node:fs";
import path from "node:path";

/**
 * PGlite has no lock between processes, and two writers on one folder lose data silently.
 * A lock file beside the folder makes the second opener fail at once instead.
 */
export function lockDataDir(dir: string): () => void {
  const absolute = path.resolve(dir);
  const lockPath = `${absolute}.lock`;
  // The data is the users' address books: the folder is its owner's alone.
  fs.mkdirSync(path.dirname(absolute), { recursive: true, mode: 0o700 });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx", mode: 0o600 });
      const release = () => {
        process.removeListener("exit", release);
        try {
          if (fs.readFileSync(lockPath, "utf8") === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(fs.readFileSync(lockPath, "utf8").trim());
      if (holder && holder !== process.pid && isRunningNode(holder)) {
        throw new Error(
          `The embedded database folder ${absolute} is in use by another Cardmail process (pid ${holder}). ` +
            `Stop that process first (PGlite allows one process per folder), or set PGLITE_DATA_DIR to another folder, ` +
            `or set DATABASE_URL to use PostgreSQL.`,
        );
      }
      // The holder died without cleaning up: take the lock over.
      fs.unlinkSync(lockPath);
    }
  }
  throw new Error(`Could not lock the embedded database folder ${absolute}.`);
}

function isRunningNode(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return /node|next/.test(fs.readFileSync(`/proc/${pid}/cmdline`, "utf8"));
  } catch {
    return true;
  }
}
