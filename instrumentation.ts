// Runs once when a server process starts: opens the database before the first request (so a
// locked PGlite folder or an unreachable PostgreSQL stops the start with a clear message),
// seeds the demo data into an empty database, then starts the job queue (pg-boss, lib/jobs).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.NEXT_PHASE !== "phase-production-build") {
    const { log } = await import("./lib/logger");
    if (process.env.NODE_ENV === "production" && process.env.CARDMAIL_SERVER !== "1") {
      log("server").warn("Not started by server.mjs: client addresses (login throttling) come from unchecked X-Forwarded-For headers. Run `node server.mjs`.");
    }
    const { closeDb, getDbHandle } = await import("./db/client");
    const { databaseOptions } = await import("./lib/config");
    const { seedDemoIfEmpty } = await import("./lib/demo/seed");
    const { recordDatabasePool } = await import("./lib/metrics");
    let step = "open the database";
    try {
      const handle = await getDbHandle(databaseOptions());
      recordDatabasePool(handle.driver, handle.maxConnections);
      log("db").info({ driver: handle.driver, location: handle.location, max_connections: handle.maxConnections }, "database ready");
      step = "seed the demo data";
      if (await seedDemoIfEmpty(handle)) log("db").info("seeded the demo data into the empty database");
    } catch (error) {
      // The logger's error fields leave out the statement's parameters (the seed's rows).
      log("db").fatal({ err: error, step }, `cannot ${step}`);
      process.exit(1);
    }
    const { startJobs } = await import("./lib/jobs");
    let jobs: Awaited<ReturnType<typeof startJobs>>;
    try {
      jobs = await startJobs();
    } catch (error) {
      // Without its queue the server would take orders that never move: stop instead.
      log("jobs").fatal({ err: error }, "cannot start the job queue");
      process.exit(1);
    }
    // server.mjs is plain JavaScript outside the bundles: on SIGTERM it finds here how to stop
    // what this process started, once its requests are answered.
    (globalThis as Record<symbol, unknown>)[Symbol.for("cardmail.shutdown")] = async () => {
      await jobs.stop();
      log("jobs").info("background jobs stopped");
      await closeDb();
      log("db").info("database closed");
    };
  }
}
