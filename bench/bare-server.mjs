// For context only: a bare node:http server that answers every request with the statements of the
// contacts first page (token check and page query, recorded from the service) run through
// postgres.js, and the page's rows as JSON. No framework, no validation, no mapping: what Node and
// the database alone can do on this machine.
//   node bench/bare-server.mjs <statements.json>   (env DATABASE_URL, PORT)
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import postgres from "postgres";

const statements = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
// As many connections as the app opens by default (db/client.ts poolSize).
const sql = postgres(process.env.DATABASE_URL, { max: Number(process.env.DB_POOL_MAX) || Math.max(2, os.availableParallelism()), onnotice: () => {} });
// The type handling the app's driver setup gives postgres.js: dates and JSON pass through as text.
for (const type of ["1184", "1082", "1083", "1114", "1182", "1185", "1115", "1231"]) {
  sql.options.parsers[type] = (value) => value;
  sql.options.serializers[type] = (value) => value;
}
sql.options.serializers["114"] = (value) => value;
sql.options.serializers["3802"] = (value) => value;

const server = http.createServer(async (req, res) => {
  try {
    let rows = [];
    for (const statement of statements) rows = await sql.unsafe(statement.query, statement.params, statement.options);
    const body = JSON.stringify({ data: rows });
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    res.end(body);
  } catch (error) {
    res.writeHead(500, { "content-type": "application/json" });
    res.end(JSON.stringify({ message: String(error) }));
  }
});

server.listen(Number(process.env.PORT), "127.0.0.1", () => process.stdout.write("ready\n"));
process.on("SIGTERM", () => {
  server.close();
  sql.end({ timeout: 1 }).finally(() => process.exit(0));
});
