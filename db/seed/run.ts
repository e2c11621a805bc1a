// npm run db:seed — empties the database and seeds the demo accounts and the card catalog again.
import { openDatabase } from "../client";
import { DEMO_ACCOUNTS, resetDatabase, seedDemo } from "./index";

async function main(): Promise<void> {
  const handle = await openDatabase();
  try {
    console.log(`Seeding the ${handle.driver === "pglite" ? "embedded database at" : "PostgreSQL database"} ${handle.location}`);
    const { tables, summary } = await handle.db.transaction(async (tx) => {
      const tables = await resetDatabase(tx);
      return { tables, summary: await seedDemo(tx) };
    });
    console.log(`Emptied ${tables.length} tables.`);
    const { catalog } = summary;
    console.log(
      `Catalog: ${catalog.cards} cards (${catalog.inactiveCards} inactive), ${catalog.artists} artists, ${catalog.categories} categories, ${catalog.occasions} occasions.`,
    );
    console.log(
      `Demo data: ${summary.contacts.demo} contacts for demo and ${summary.contacts.alex} for alex, ${summary.groups} groups, ${summary.projects} projects, ${summary.orders} mailed order.`,
    );
    console.log("Sign in with:");
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      console.log(`  ${account.email} / ${account.password}  (credit ${(account.creditCents / 100).toFixed(2)})`);
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
