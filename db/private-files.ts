import "server-only";
import fs from "node:fs";
import path from "node:path";

/**
 * Closes a folder to everyone but its owner, all the way down: folders 0700, files 0600.
 *
 * The embedded database holds the users' address books. PGlite writes its folder through
 * Emscripten, which sets modes itself (the files of a new database 0666, the relation cache
 * 0644) whatever the process umask says, so no umask can keep them private: the database layer
 * runs this on the folder once PGlite has opened it and again once it has closed it. What
 * PostgreSQL creates in between (tables, indexes, WAL segments, their folders) it creates 0600
 * and 0700 itself. Symbolic links are left alone (a mode change would go to their target).
 */
export function makeOwnerOnly(dir: string): void {
  const close = (entry: string, mode: number) => {
    try {
      fs.chmodSync(entry, mode);
    } catch (error) {
      // Removed meanwhile (a temporary file): nothing left to close.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  };
  const walk = (folder: string) => {
    close(folder, 0o700);
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(folder, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) close(full, 0o600);
    }
  };
  walk(dir);
}
