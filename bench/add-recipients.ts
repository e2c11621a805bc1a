// Times add-recipients of 1,000 recipients through the service on PostgreSQL: the first run
// creates the contacts, the next four update them. Needs DATABASE_URL (an account that may
// create databases); works in a database of its own, dropped at the end.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:add-recipients
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { stubServerOnly, withDatabase } from "./outside-next";

const RECIPIENTS = 1000;
const RUNS = 5;

function recipients(): Record<string, unknown>[] {
  return Array.from({ length: RECIPIENTS }, (_, i) => ({
    internal_id: `crm-${i}`,
    first_name: `First${i}`,
    last_name: `Last${i % 97}`,
    company: i % 5 === 0 ? `Company ${i}` : null,
    email: `person${i}@example.com`,
    address: `${100 + i} Main Street`,
    apt: i % 3 === 0 ? `Apt ${i % 40}` : null,
    city: "Springfield",
    state: "IL",
    zip: String(62_000 + (i % 999)).padStart(5, "0"),
    birth_month: (i % 12) + 1,
    birth_day: (i % 28) + 1,
    override_message: i % 10 === 0 ? `A special note for recipient ${i}.` : null,
  }));
}

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    console.error("Set DATABASE_URL to a PostgreSQL server, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres");
    process.exit(1);
  }
  stubServerOnly();
  const { openDatabase, withQueryCounter } = await import("@/db/client");
  const { users } = await import("@/db/schema");
  const { addRecipients } = await import("@/lib/projects/recipients");
  const { addRecipientsSchema } = await import("@/lib/projects/schema");
  const { createCard, createProject } = await import("@/test/fixtures");

  const database = `cardmail_bench_${process.pid}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${database}"`);
  try {
    const handle = await openDatabase({ url: withDatabase(adminUrl, database) });
    try {
      const [user] = await handle.db.insert(users).values({ email: "bench@example.com", username: "bench", passwordHash: "-" }).returning();
      const card = await createCard(handle.db);
      const project = await createProject(handle.db, user!.id, card.id);
      const counter = await withQueryCounter(handle);
      const ctx = { db: counter.db, user: { id: user!.id, accountType: user!.accountType } };

      const body = { recipients: recipients() };
      const parseStart = performance.now();
      const input = addRecipientsSchema.parse(body);
      const parseMs = performance.now() - parseStart;

      console.log(`add-recipients, ${RECIPIENTS} recipients, PostgreSQL database ${database}`);
      console.log(`validation of the body: ${parseMs.toFixed(1)} ms`);
      for (let run = 1; run <= RUNS; run++) {
        counter.reset();
        const start = performance.now();
        const result = await addRecipients(ctx, project.id, input);
        const ms = performance.now() - start;
        console.log(
          `run ${run}: ${ms.toFixed(1)} ms, ${counter.count()} SQL statements, created ${result.contactsCreated}, updated ${result.contactsUpdated}`,
        );
      }
    } finally {
      await handle.close();
    }
  } finally {
    await admin.unsafe(`drop database if exists "${database}" with (force)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
