// Runs once when a server process starts: opens the database before the first request (so a
// locked PGlite folder or an unreachable PostgreSQL stops the start with a clear message),
// then starts the background jobs.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.NEXT_PHASE !== "phase-production-build") {
    const { getDbHandle } = await import("./db/client");
    try {
      const handle = await getDbHandle();
      console.log(`[db] ${handle.driver === "pglite" ? "PGlite" : "PostgreSQL"} ready: ${handle.location}`);
    } catch (error) {
      console.error(`[db] Cannot open the database: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
    const { startJobs } = await import("./lib/jobs");
    await startJobs();
  }
}
