import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { describe, expect, it } from "vitest";
import type { Database } from "./client";
import { seedCatalog } from "./seed/catalog";
import { CATALOG } from "./seed/catalog-data";
import { releasedFolder as releasedFolderOf, withReleasedDatabase } from "@/test/released-database";

// Each test makes an embedded database of its own (PGlite, the driver a new user starts on) whatever
// the run's driver, so the file runs once, in the run without DATABASE_URL.

// Version 1.0 shipped migrations 0000 to 0002: a database it made, with an account and its own
// rows, must take every later migration on start and keep all of them.
const RELEASED_MIGRATIONS = 3;
// The release before the account, mail and index migrations (0012 onwards) stopped at 0011.
const PREVIOUS_RELEASE_MIGRATIONS = 12;
// The last release stopped at 0017, before the take-back link of an email change.
const LAST_RELEASE_MIGRATIONS = 18;
// Version 1.1's last release stopped at 0018, before logins in progress and the mail limits.
const RELEASE_BEFORE_MAIL_LIMITS = 19;
// Version 1.2's first landed release stopped at 0019, before the book-version triggers' WHEN and changed_at.
const RELEASE_BEFORE_BOOK_CHANGED_AT = 20;
// The last landed release stopped at 0025 (message fonts), before the cancellation mail, print batches and phone matching.
const RELEASE_BEFORE_PRINT_BATCHES = 26;
// 1.2's catalog before Snowfall Greetings left the navy it shared with Birthday Under the Stars (0027).
const RELEASE_BEFORE_SNOWFALL_FROST = 27;
// The last release (0029_import_phone_match): contacts written once, the trigram list and the
// stored household key came after it.
const RELEASE_BEFORE_ADDRESS_KEY = 30;
// The release of the stored household keys stopped at 0032, before group memberships moved the book version.
const RELEASE_BEFORE_GROUP_BOOK_VERSION = 33;
const folder = path.join(process.cwd(), "db", "migrations");

// Two cards as the catalog before distinct art seeded them (commit af28b56), written as the seed
// writes them: the artwork is the JSON text of the object, keys in this order.
const SEEDED_BEFORE_DISTINCT_ART = {
  "grateful-tide": {
    description: "Rolling waves and a golden sun for a calm, sincere thank you. A 7 x 5 folded card on heavy matte stock, blank-backed, with a white envelope.",
    tags: ["waves", "ocean", "thanks"],
    artwork: JSON.stringify({
      motif: "waves",
      palette: { background: "#E3F2F3", primary: "#2E86AB", secondary: "#7FC8D6", accent: "#F6AE2D", ink: "#12355B", surface: "#F7FCFC" },
      headline: "Thank You So Much",
      greeting: "Thank you for everything you do. It does not go unnoticed.",
      typeface: "serif",
    }),
  },
  "bloom-mothers-day": {
    description: "Soft pink blooms for the one who helped you grow. A 5 x 7 folded card on heavy matte stock, blank-backed, with a white envelope.",
    tags: ["flowers", "mom", "pastel"],
    artwork: JSON.stringify({
      motif: "flowers",
      palette: { background: "#FBE3E8", primary: "#E56B8B", secondary: "#F7B2BD", accent: "#8E4162", ink: "#5B2333", surface: "#FFF7F9" },
      headline: "Happy Mother's Day",
      greeting: "Thank you for your endless love, patience and support.",
      typeface: "serif",
    }),
  },
};

function seededNow(slug: string) {
  const card = CATALOG.find((c) => c.slug === slug)!;
  return { slug, description: card.description, tags: card.tags, artwork: JSON.stringify(card.artwork) };
}

const releasedFolder = (count = RELEASED_MIGRATIONS) => releasedFolderOf(count);

// Each test migrates a new embedded database twice over, about 3 s alone: on a machine running
// both test suites beside the server checks, ten times that.
describe("upgrading a database made by version 1.0", { timeout: 90_000 }, () => {
  it("applies every later migration and keeps the account, its contacts and groups", async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzle(client);
    const released = releasedFolder();
    try {
      await migrate(db, { migrationsFolder: released });
      await client.exec(`
        insert into users (email, username, password_hash, account_type, credit_cents) values ('old@example.com', 'old', 'x', 1, 1234);
        insert into contacts (user_id, first_name, last_name, birth_month, birth_day)
          select id, 'Ada', 'Lovelace', 12, 10 from users where email = 'old@example.com';
        insert into groups (user_id, name) select id, 'Family' from users where email = 'old@example.com';
      `);

      await migrate(db, { migrationsFolder: folder });

      const user = await client.query<{ credit_cents: number; session_version: number }>("select credit_cents, session_version from users where email = 'old@example.com'");
      expect(user.rows).toEqual([{ credit_cents: 1234, session_version: 0 }]);
      const contact = await client.query<{ first_name: string; birth_month: number }>("select first_name, birth_month from contacts");
      expect(contact.rows).toEqual([{ first_name: "Ada", birth_month: 12 }]);
      expect((await client.query("select name from groups")).rows).toEqual([{ name: "Family" }]);
      const applied = await client.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations");
      const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8"));
      expect(applied.rows[0]!.n).toBe(journal.entries.length);
    } finally {
      await client.close();
      fs.rmSync(released, { recursive: true, force: true });
    }
  });

  it("upgrades a database of the previous release: accounts keep their rows and take the new settings' defaults", async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzle(client);
    const released = releasedFolder(PREVIOUS_RELEASE_MIGRATIONS);
    try {
      await migrate(db, { migrationsFolder: released });
      // Two contacts that share an email and a phone: the duplicate-key indexes are rebuilt over them.
      await client.exec(`
        insert into users (email, username, password_hash, account_type, credit_cents) values ('prev@example.com', 'prev', 'x', 1, 500);
        insert into contacts (user_id, first_name, last_name, email, phone, address, city, state, zip, birth_month, birth_day)
          select id, 'Ada', 'Lovelace', 'ada@example.com', '(615) 555-0100', '1 Main St', 'Nashville', 'TN', '37201', 12, 10 from users where email = 'prev@example.com';
        insert into contacts (user_id, first_name, last_name, email, phone)
          select id, 'Ada', 'Byron', ' ADA@example.com', '615.555.0100' from users where email = 'prev@example.com';
      `);
      // Its catalog: a card drawn by the server (front, inside and thumbnail, as that release seeded
      // them) and one whose images were uploaded elsewhere.
      await client.exec(`
        insert into artists (name, slug) values ('Kenji Mori', 'kenji-mori');
        insert into customization_types (name) values ('Flat card');
        insert into cards (name, slug, price_cents, artist_id, customization_type_id)
          select card.name, card.slug, 349, a.id, t.id from artists a, customization_types t,
            (values ('Grateful Tide', 'grateful-tide'), ('In Full Bloom', 'bloom-mothers-day'), ('Uploaded', 'uploaded')) as card(name, slug);
        insert into card_images (card_id, type, path, position)
          select c.id, image.type, '/card-art/grateful-tide/' || image.type || '.svg', image.position from cards c,
            (values ('front', 0), ('inside', 1), ('thumbnail', 2)) as image(type, position) where c.slug = 'grateful-tide';
        insert into card_images (card_id, type, path, position)
          select id, 'front', 'https://images.example/uploaded.png', 0 from cards where slug = 'uploaded';
      `);
      for (const [slug, seeded] of Object.entries(SEEDED_BEFORE_DISTINCT_ART)) {
        await client.query("update cards set description = $1, tags = $2, artwork = $3 where slug = $4", [seeded.description, seeded.tags, seeded.artwork, slug]);
      }
      // An admin rewrote one card's description; its artwork and tags are still the seeded ones.
      await client.query("update cards set description = $1 where slug = 'bloom-mothers-day'", ["Peonies for Mom, from our own garden."]);

      await migrate(db, { migrationsFolder: folder });

      // Never looked at for a reminder digest: the first pass in the account's morning reads it.
      const user = await client.query("select credit_cents, time_zone, reminder_days, reminder_checked_on, deleted_at from users where email = 'prev@example.com'");
      expect(user.rows).toEqual([{ credit_cents: 500, time_zone: "UTC", reminder_days: 14, reminder_checked_on: null, deleted_at: null }]);
      const contacts = await client.query("select last_name, email, phone from contacts order by last_name");
      expect(contacts.rows).toEqual([
        { last_name: "Byron", email: " ADA@example.com", phone: "615.555.0100" },
        { last_name: "Lovelace", email: "ada@example.com", phone: "(615) 555-0100" },
      ]);
      const sharedEmail = await client.query<{ n: number }>("select count(*)::int as n from contacts group by user_id, lower(btrim(email))");
      expect(sharedEmail.rows).toEqual([{ n: 2 }]);

      // Generated cards gain their back, third, and keep their other images; others are left alone.
      const imagesQuery = "select c.slug, i.type, i.path, i.position from card_images i join cards c on c.id = i.card_id order by c.slug, i.position";
      const images = await client.query(imagesQuery);
      expect(images.rows).toEqual([
        { slug: "grateful-tide", type: "front", path: "/card-art/grateful-tide/front.svg", position: 0 },
        { slug: "grateful-tide", type: "inside", path: "/card-art/grateful-tide/inside.svg", position: 1 },
        { slug: "grateful-tide", type: "back", path: "/card-art/grateful-tide/back.svg", position: 2 },
        { slug: "grateful-tide", type: "thumbnail", path: "/card-art/grateful-tide/thumbnail.svg", position: 3 },
        { slug: "uploaded", type: "front", path: "https://images.example/uploaded.png", position: 0 },
      ]);
      // Run again (a restore replaying it, say), it changes nothing.
      const backMigration = fs.readFileSync(path.join(folder, "0015_card_back_images.sql"), "utf8");
      for (const statement of backMigration.split("--> statement-breakpoint")) await client.exec(statement);
      expect((await client.query(imagesQuery)).rows).toEqual(images.rows);

      // Cards still as they were seeded take the new art, description and tags; an admin's edit stays.
      const cardsQuery = "select slug, description, tags, artwork from cards order by slug";
      const catalog = await client.query(cardsQuery);
      expect(catalog.rows).toEqual([
        { ...seededNow("bloom-mothers-day"), description: "Peonies for Mom, from our own garden." },
        seededNow("grateful-tide"),
        { slug: "uploaded", description: "", tags: [], artwork: "{}" },
      ]);
      expect(JSON.parse(seededNow("grateful-tide").artwork)).toMatchObject({ motif: "sailboat" });
      expect(JSON.parse(seededNow("bloom-mothers-day").artwork)).toMatchObject({ motif: "peonies" });
      // Replayed, it finds no card still holding the old values.
      const artMigration = fs.readFileSync(path.join(folder, "0016_catalog_distinct_art.sql"), "utf8");
      for (const statement of artMigration.split("--> statement-breakpoint")) await client.exec(statement);
      expect((await client.query(cardsQuery)).rows).toEqual(catalog.rows);

      const applied = await client.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations");
      const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8"));
      expect(applied.rows[0]!.n).toBe(journal.entries.length);
    } finally {
      await client.close();
      fs.rmSync(released, { recursive: true, force: true });
    }
  });

  it("upgrades a database of the last release: its open links keep working, and only the take-back link holds an email besides a change", async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzle(client);
    const released = releasedFolder(LAST_RELEASE_MIGRATIONS);
    try {
      await migrate(db, { migrationsFolder: released });
      await client.exec(`
        insert into users (email, username, password_hash, account_type, credit_cents) values ('last@example.com', 'last', 'x', 1, 700);
        insert into account_tokens (user_id, purpose, token_hash, new_email, expires_at, used_at)
          select id, purpose, hash, new_email, now() + interval '1 hour', used_at from users,
            (values ('password_reset', 'hash-reset', null, null::timestamptz), ('email_change', 'hash-change', 'new@example.com', null),
                    ('email_change', 'hash-used', 'old@example.com', now())) as link(purpose, hash, new_email, used_at)
          where email = 'last@example.com';
        insert into mails (user_id, "to", subject, kind, html, text, status)
          select id, email, 'Reset your Cardmail password', 'password_reset', '<p>h</p>', 't', 'kept' from users where email = 'last@example.com';
      `);
      const linksQuery = "select purpose, token_hash, new_email, used_at is null as open from account_tokens order by token_hash";
      const links = await client.query(linksQuery);

      await migrate(db, { migrationsFolder: folder });

      expect((await client.query(linksQuery)).rows).toEqual(links.rows);
      expect((await client.query("select credit_cents from users")).rows).toEqual([{ credit_cents: 700 }]);
      expect((await client.query("select kind, status from mails")).rows).toEqual([{ kind: "password_reset", status: "kept" }]);
      const insertLink = (purpose: string, newEmail: string | null) =>
        client.query("insert into account_tokens (user_id, purpose, token_hash, new_email, expires_at) select id, $1, $2, $3, now() from users", [purpose, `hash-${purpose}-${newEmail}`, newEmail]);
      await expect(insertLink("email_revert", "last@example.com")).resolves.toBeDefined();
      await expect(insertLink("email_revert", null)).rejects.toThrow(/account_tokens_email_change_check/);
      await expect(insertLink("password_reset", "x@example.com")).rejects.toThrow(/account_tokens_email_change_check/);
      await expect(insertLink("something_else", null)).rejects.toThrow(/account_tokens_purpose_check/);
    } finally {
      await client.close();
      fs.rmSync(released, { recursive: true, force: true });
    }
  });

  it("upgrades a database of version 1.1's last release: its accounts and login history stay, and a login may be in progress", async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzle(client);
    const released = releasedFolder(RELEASE_BEFORE_MAIL_LIMITS);
    try {
      await migrate(db, { migrationsFolder: released });
      await client.exec(`
        insert into users (email, username, password_hash, account_type, credit_cents) values ('kept@example.com', 'kept', 'x', 1, 900);
        insert into login_attempts (email, ip, succeeded) values ('kept@example.com', '192.0.2.1', true), ('kept@example.com', '192.0.2.2', false);
      `);
      const attemptsQuery = "select email, ip, succeeded from login_attempts order by id";
      const attempts = await client.query(attemptsQuery);

      await migrate(db, { migrationsFolder: folder });

      expect((await client.query(attemptsQuery)).rows).toEqual(attempts.rows);
      expect((await client.query("select email, credit_cents from users")).rows).toEqual([{ email: "kept@example.com", credit_cents: 900 }]);
      await expect(client.query("insert into login_attempts (email, ip, succeeded) values ('kept@example.com', '192.0.2.3', null)")).resolves.toBeDefined();
      await expect(client.query("insert into sign_in_addresses (user_id, address_hash) select id, 'h' from users")).resolves.toBeDefined();
      await expect(client.query("insert into mail_requests (kind, ip, recipient_hash) values ('password_reset', '192.0.2.1', 'h')")).resolves.toBeDefined();
      await client.query("delete from users");
      expect((await client.query("select count(*)::int as n from sign_in_addresses")).rows).toEqual([{ n: 0 }]);
    } finally {
      await client.close();
      fs.rmSync(released, { recursive: true, force: true });
    }
  });

  it("upgrades a database of 1.2's first release: contacts, children and book versions stay, a write bumps the version once with its time, and the book's contact count is its contacts'", async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzle(client);
    const released = releasedFolder(RELEASE_BEFORE_BOOK_CHANGED_AT);
    try {
      await migrate(db, { migrationsFolder: released });
      await client.exec(`
        insert into users (email, username, password_hash, account_type, credit_cents) values ('kept@example.com', 'kept', 'x', 1, 900);
        insert into contacts (user_id, first_name, last_name, birth_month, birth_day) select id, 'Ann', 'Lee', 3, 14 from users;
        insert into contact_children (contact_id, user_id, position, first_name) select id, user_id, 0, 'Emma' from contacts;
      `);
      const rowsQuery = "select c.first_name, c.api_json, ch.first_name as child, v.version from contacts c join contact_children ch on ch.contact_id = c.id join contact_book_versions v on v.user_id = c.user_id";
      const before = (await client.query<{ version: string }>(rowsQuery)).rows;
      expect(before).toHaveLength(1);

      await migrate(db, { migrationsFolder: folder });

      expect((await client.query(rowsQuery)).rows).toEqual(before);
      const versionOf = async () => (await client.query<{ version: string; changed_at: Date }>("select version, changed_at from contact_book_versions")).rows[0]!;
      const upgraded = await versionOf();
      expect(upgraded.changed_at).toBeInstanceOf(Date);
      const lastIssued = async () => Number((await client.query<{ n: string }>("select last_value as n from contact_book_version_seq")).rows[0]!.n);
      const issuedBefore = await lastIssued();
      await client.exec("begin; update contacts set birth_day = 15; insert into contact_children (contact_id, user_id, position, first_name) select id, user_id, 1, 'Leo' from contacts; commit;");
      const written = await versionOf();
      expect(await lastIssued()).toBe(issuedBefore + 1);
      expect(Number(written.version)).toBe(issuedBefore + 1);
      expect(written.changed_at.getTime()).toBeGreaterThanOrEqual(upgraded.changed_at.getTime());
      // The book's contact count starts from the contacts it had, and follows later writes.
      const kept = async () => Number((await client.query<{ n: number }>("select contact_count as n from contact_book_versions")).rows[0]!.n);
      expect(await kept()).toBe(1);
      await client.exec("insert into contacts (user_id, first_name, last_name) select id, 'Bo', 'Lee' from users");
      expect(await kept()).toBe(2);
    } finally {
      await client.close();
      fs.rmSync(released, { recursive: true, force: true });
    }
  });

  it("moves Snowfall Greetings to its frost palette where the catalog still holds what it seeded, keeping an admin's edit", async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzle(client);
    const released = releasedFolder(RELEASE_BEFORE_SNOWFALL_FROST);
    try {
      await migrate(db, { migrationsFolder: released });
      await seedCatalog(drizzle(client, { casing: "snake_case" }) as unknown as Database);
      // The catalog as that release seeded it: the navy snowfall; and an admin's own description.
      const navy = { ...JSON.parse(seededNow("snowfall-greetings").artwork), palette: { background: "#1D2545", primary: "#F4D35E", secondary: "#EE964B", accent: "#7FB7BE", ink: "#FDF6E3", surface: "#FFFBEF" } };
      await client.query("update cards set artwork = $1, description = $2 where slug = 'snowfall-greetings'", [JSON.stringify(navy), "Our own words for the snowfall card."]);
      const untouched = (await client.query("select slug, artwork, description from cards where slug <> 'snowfall-greetings' order by slug")).rows;

      await migrate(db, { migrationsFolder: folder });

      const [snowfall] = (await client.query<{ artwork: string; description: string }>("select artwork, description from cards where slug = 'snowfall-greetings'")).rows;
      expect(snowfall).toEqual({ artwork: seededNow("snowfall-greetings").artwork, description: "Our own words for the snowfall card." });
      expect(JSON.parse(snowfall!.artwork).palette.background).toBe("#E8F1F8");
      expect((await client.query("select slug, artwork, description from cards where slug <> 'snowfall-greetings' order by slug")).rows).toEqual(untouched);
    } finally {
      await client.close();
      fs.rmSync(released, { recursive: true, force: true });
    }
  });

  it("upgrades the release before print batches: accounts, contacts, mails and pieces stay; the new mail kind, batch column and phone index arrive", async () => {
    await withReleasedDatabase(RELEASE_BEFORE_PRINT_BATCHES, async (client, upgrade) => {
      await client.exec(`
        insert into users (email, username, password_hash, account_type, credit_cents) values ('kept@example.com', 'kept', 'x', 1, 900);
        insert into contacts (user_id, first_name, last_name, phone) select id, 'Ann', 'Lee', '+1 (503) 555-0142' from users;
        insert into mails (user_id, "to", subject, kind, html, text, status) select id, email, 'Your receipt', 'order_receipt', '<p>r</p>', 'r', 'sent' from users;
      `);
      const rowsQuery = "select u.email, u.credit_cents, c.first_name, c.phone, m.kind, m.subject from users u join contacts c on c.user_id = u.id join mails m on m.user_id = u.id";
      const before = (await client.query(rowsQuery)).rows;
      expect(before).toHaveLength(1);

      await upgrade();

      expect((await client.query(rowsQuery)).rows).toEqual(before);
      // What the new code writes is accepted: the cancellation mail's kind, a piece's print batch.
      await client.exec(`insert into mails (user_id, "to", subject, kind, html, text, status) select id, email, 'Cancelled', 'order_cancelled', '<p>c</p>', 'c', 'queued' from users`);
      const columns = (await client.query<{ column_name: string }>("select column_name from information_schema.columns where table_name = 'order_recipients' and column_name = 'print_batch_id'")).rows;
      expect(columns).toHaveLength(1);
      const indexes = (await client.query<{ indexname: string }>("select indexname from pg_indexes where indexname = 'contacts_user_phone_last10_idx'")).rows;
      expect(indexes).toHaveLength(1);
    });
  });

  it("upgrades the release before stored household keys: contacts, their JSON and children stay, and one household's two spellings get one key", async () => {
    await withReleasedDatabase(RELEASE_BEFORE_ADDRESS_KEY, async (client, upgrade) => {
      await client.exec(`
        insert into users (email, username, password_hash, account_type, credit_cents) values ('kept@example.com', 'kept', 'x', 1, 900);
        insert into contacts (user_id, first_name, last_name, address, apt, city, state, zip)
          select id, 'Carlos', 'Martinez', '12 Oak St.', 'Apt 3', 'Portland', 'OR', '97201' from users;
        insert into contacts (user_id, first_name, last_name, address, apt, city, state, zip)
          select id, 'Elena', 'Martinez', '12 oak st', 'apt 3', 'Portland', 'OR', '97201' from users;
        insert into contact_children (contact_id, user_id, position, first_name) select id, user_id, 0, 'Ana' from contacts where first_name = 'Carlos';
      `);
      const rowsQuery = "select c.first_name, c.address, c.api_json, c.updated_at, u.credit_cents from contacts c join users u on u.id = c.user_id order by c.first_name";
      const before = (await client.query(rowsQuery)).rows;
      expect(before).toHaveLength(2);

      await upgrade();

      expect((await client.query(rowsQuery)).rows).toEqual(before);
      const keys = (await client.query<{ address_key: string }>("select distinct address_key from contacts")).rows;
      expect(keys).toEqual([{ address_key: "12oakst|apt3|97201" }]);
      const index = (await client.query<{ indexdef: string }>("select indexdef from pg_indexes where indexname = 'contacts_user_mailable_dates_idx'")).rows;
      expect(index[0]?.indexdef).toContain("address_key");
      // A contact written after the upgrade gets its key and its JSON as before.
      await client.exec(`insert into contacts (user_id, first_name, last_name, address, zip) select id, 'New', 'Lee', '1 Elm Rd', '97202' from users`);
      const added = (await client.query<{ address_key: string; api_json: string }>("select address_key, api_json from contacts where first_name = 'New'")).rows[0]!;
      expect(added.address_key).toBe("1elmrd||97202");
      expect(JSON.parse(added.api_json)).toMatchObject({ first_name: "New", address: "1 Elm Rd" });
    });
  });

  it("upgrades the release before group memberships moved the book version: groups, members and versions stay, and a membership change bumps the book once", async () => {
    await withReleasedDatabase(RELEASE_BEFORE_GROUP_BOOK_VERSION, async (client, upgrade) => {
      await client.exec(`
        insert into users (email, username, password_hash, account_type, credit_cents) values ('kept@example.com', 'kept', 'x', 1, 900);
        insert into contacts (user_id, first_name, last_name) select id, name, 'Lee' from users, (values ('Ann'), ('Bo'), ('Cy')) as n(name);
        insert into groups (user_id, name) select id, 'Family' from users;
        insert into group_contacts (group_id, contact_id, user_id) select g.id, c.id, c.user_id from groups g join contacts c on c.user_id = g.user_id where c.first_name = 'Ann';
      `);
      const rowsQuery = "select g.name, c.first_name, v.version, v.contact_count from group_contacts gc join groups g on g.id = gc.group_id join contacts c on c.id = gc.contact_id join contact_book_versions v on v.user_id = gc.user_id";
      const before = (await client.query<{ version: string | number }>(rowsQuery)).rows;
      expect(before).toHaveLength(1);

      await upgrade();

      expect((await client.query(rowsQuery)).rows).toEqual(before);
      const version = async () => Number((await client.query<{ version: string | number }>("select version from contact_book_versions")).rows[0]!.version);
      await client.exec("insert into group_contacts (group_id, contact_id, user_id) select g.id, c.id, c.user_id from groups g join contacts c on c.user_id = g.user_id where c.first_name <> 'Ann'");
      // Two members in one statement: the next version of the sequence, one bump.
      const added = await version();
      expect(added).toBe(Number(before[0]!.version) + 1);
      await client.exec("delete from groups");
      expect(await version()).toBeGreaterThan(added);
    });
  });
});
