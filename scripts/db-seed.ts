// npm run db:seed — empties the database and seeds the demo accounts and the card catalog again.
// Kept out of db/ because it needs the application's configuration and password hashing.
import { describeDatabaseError, openDatabase } from "@/db/client";
import { databaseOptions } from "@/lib/config";
import { DEMO_ACCOUNTS, reseedDemo } from "@/lib/demo/seed";

async function main(): Promise<void> {
  const handle = await openDatabase(databaseOptions());
  try {
    console.log(`Seeding the ${handle.driver === "pglite" ? "embedded database at" : "PostgreSQL database"} ${handle.location}`);
    const { tables, summary } = await reseedDemo(handle);
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
  console.error(describeDatabaseError(error));
  process.exit(1);
});
