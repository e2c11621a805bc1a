// Opens the PGlite folder given as the first argument from a separate process, then closes
// it: prints "opened <folder>" and exits 0, or prints the error and exits 1.
import { openDatabase } from "../db/client";

async function main(dir: string) {
  try {
    const handle = await openDatabase({ pgliteDir: dir });
    console.log(`opened ${handle.location}`);
    await handle.close();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

const dir = process.argv[2];
if (!dir) {
  console.error("usage: node --import tsx test/open-database.ts <pglite folder>");
  process.exit(2);
}
void main(dir);
