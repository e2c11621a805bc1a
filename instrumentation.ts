// Runs once when a server process starts: opens the database before the first request (so a
// locked PGlite folder or an unreachable PostgreSQL stops the start with a clear message),
// seeds the demo data into an empty database, then starts the job queue (pg-boss, lib/jobs).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.NEXT_PHASE !== "phase-production-build") {
    if (process.env.NODE_ENV === "production" && process.env.CARDMAIL_SERVER !== "1") {
      console.warn("[server] Not started by server.mjs: client addresses (login throttling) come from unchecked X-Forwarded-For headers. Run `node server.mjs`.");
    }
    const { describeDatabaseError, getDbHandle } = await import("./db/client");
    const { databaseOptions } = await import("./lib/config");
    const { seedDemoIfEmpty } = await import("./lib/demo/seed");
    let step = "open the database";
    try {
      const handle = await getDbHandle(databaseOptions());
      console.log(`[db] ${handle.driver === "pglite" ? "PGlite" : "PostgreSQL"} ready: ${handle.location}`);
      step = "seed the demo data";
      if (await seedDemoIfEmpty(handle)) console.log("[db] Seeded the demo data into the empty database.");
    } catch (error) {
      console.error(`[db] Cannot ${step}: ${describeDatabaseError(error)}`);
      process.exit(1);
    }
    const { startJobs } = await import("./lib/jobs");
    try {
      await startJobs();
    } catch (error) {
      // Without its queue the server would take orders that never move: stop instead.
      console.error(`[jobs] Cannot start the job queue: ${describeDatabaseError(error)}`);
      process.exit(1);
    }
  }
}
