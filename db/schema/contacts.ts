import { sql, type SQL } from "drizzle-orm";
import { bigint, check, index, integer, pgSequence, pgTable, serial, smallint, text, timestamp, uniqueIndex, uuid, varchar, type AnyPgColumn } from "drizzle-orm/pg-core";
import { users } from "./users";

function monthCheck(column: AnyPgColumn): SQL {
  return sql`${column} is null or ${column} between 1 and 12`;
}
function dayCheck(column: AnyPgColumn): SQL {
  return sql`${column} is null or ${column} between 1 and 31`;
}
/**
 * A date's month and day as one number (March 14 is 314): the automations find the dates of a
 * few days of the year through a range of it (lib/automations/occurrence-sql.ts writes the same
 * expression, or the index is not used).
 */
function dayKey(month: AnyPgColumn, day: AnyPgColumn): SQL {
  return sql`(${month} * 100 + ${day})`;
}

export const contacts = pgTable(
  "contacts",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    internalId: varchar({ length: 20 }),
    prefix: text(),
    firstName: text().notNull(),
    middleName: text(),
    lastName: text().notNull(),
    company: text(),
    email: text(),
    phone: text(),
    address: text(),
    apt: text(),
    city: text(),
    state: text(),
    zip: text(),
    country: text(),
    spousePrefix: text(),
    spouseFirstName: text(),
    spouseMiddleName: text(),
    spouseLastName: text(),
    birthMonth: smallint(),
    birthDay: smallint(),
    birthYear: integer(),
    anniversaryMonth: smallint(),
    anniversaryDay: smallint(),
    anniversaryYear: integer(),
    spouseBirthMonth: smallint(),
    spouseBirthDay: smallint(),
    spouseBirthYear: integer(),
    notes: text(),
    // Lower-cased "first last", email, phone, phone digits, company, city and the children's
    // and pets' names, one per line, for trigram search. Kept by the same trigger as api_json
    // (migration 0007_search_family_and_calendar_feeds), since children and pets live in tables of their
    // own, which a generated column can't read. The default is never kept.
    searchText: text().notNull().default(""),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // The contact as the API writes it (the spec's Contact, children and pets included), kept
    // by triggers on every write to the contact, its children or its pets (migration
    // 0002_contact_api_json), whatever code path writes. The list answers with it as it is.
    // The default is never kept: the trigger replaces it before the row is stored.
    apiJson: text().notNull().default(""),
    // The contact's household for the automations (lib/automations/households.ts): street, apt
    // and ZIP, lower case, without spaces or punctuation ("12 Oak St., Apt 3" and "12 oak st apt
    // 3" are one address). Stored, so that a count of households by day of the year reads it
    // from contacts_user_mailable_dates_idx alone.
    addressKey: text().generatedAlwaysAs(
      sql`regexp_replace(lower(coalesce(address, '') || '|' || coalesce(apt, '') || '|' || coalesce(zip, '')), '[^[:alnum:]|]+', '', 'g')`,
    ),
  },
  (t) => [
    uniqueIndex("contacts_user_internal_id_key").on(t.userId, t.internalId),
    // Keyset pagination: ORDER BY last_name, first_name, id within one user.
    index("contacts_user_name_idx").on(t.userId, t.lastName, t.firstName, t.id),
    index("contacts_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    index("contacts_user_birth_month_idx").on(t.userId, t.birthMonth),
    index("contacts_user_anniversary_month_idx").on(t.userId, t.anniversaryMonth),
    index("contacts_user_spouse_birth_month_idx").on(t.userId, t.spouseBirthMonth),
    index("contacts_user_birth_day_key_idx").on(t.userId, dayKey(t.birthMonth, t.birthDay)),
    index("contacts_user_anniversary_day_key_idx").on(t.userId, dayKey(t.anniversaryMonth, t.anniversaryDay)),
    index("contacts_user_spouse_birth_day_key_idx").on(t.userId, dayKey(t.spouseBirthMonth, t.spouseBirthDay)),
    // What the automations' upcoming count reads of every contact a card can reach (the same
    // address test as lib/automations/occurrence-sql.ts, or the index is not used): a count of
    // people per day of the year from the index alone, without reading the contacts' rows.
    index("contacts_user_mailable_dates_idx")
      .on(t.userId, t.birthMonth, t.birthDay, t.anniversaryMonth, t.anniversaryDay, t.spouseBirthMonth, t.spouseBirthDay, t.id, t.addressKey)
      .where(sql`(coalesce(${t.address}, '') <> '' and coalesce(${t.city}, '') <> '' and coalesce(${t.state}, '') <> '' and coalesce(${t.zip}, '') <> '')`),
    // The keys of the duplicates search (lib/contacts/duplicates.ts writes the same expressions),
    // each followed by the columns it is computed from: PostgreSQL reads an expression from an
    // index alone (an index-only scan, grouped in key order) only when those columns are there too.
    index("contacts_user_email_key_idx").on(t.userId, sql`lower(btrim(${t.email}))`, t.email),
    index("contacts_user_phone_digits_idx").on(t.userId, sql`regexp_replace(${t.phone}, '[^0-9]', '', 'g')`, t.phone),
    // The import matches a row's phone by its last 10 digits (a country code aside).
    index("contacts_user_phone_last10_idx").on(t.userId, sql`right(regexp_replace(${t.phone}, '[^0-9]', '', 'g'), 10)`),
    index("contacts_user_name_address_idx").on(
      t.userId,
      sql`lower(regexp_replace(btrim(${t.firstName}) || ' ' || btrim(${t.lastName}) || ' | ' || btrim(${t.address}), '\\s+', ' ', 'g'))`,
      t.firstName,
      t.lastName,
      t.address,
    ),
    check("contacts_birth_month_check", monthCheck(t.birthMonth)),
    check("contacts_birth_day_check", dayCheck(t.birthDay)),
    check("contacts_anniversary_month_check", monthCheck(t.anniversaryMonth)),
    check("contacts_anniversary_day_check", dayCheck(t.anniversaryDay)),
    check("contacts_spouse_birth_month_check", monthCheck(t.spouseBirthMonth)),
    check("contacts_spouse_birth_day_check", dayCheck(t.spouseBirthDay)),
  ],
);

export const contactChildren = pgTable(
  "contact_children",
  {
    id: serial().primaryKey(),
    contactId: uuid()
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    position: smallint().notNull(),
    firstName: text().notNull(),
    birthMonth: smallint(),
    birthDay: smallint(),
    birthYear: integer(),
  },
  (t) => [
    uniqueIndex("contact_children_position_key").on(t.contactId, t.position),
    index("contact_children_user_birth_month_idx").on(t.userId, t.birthMonth),
    index("contact_children_user_birth_day_key_idx").on(t.userId, dayKey(t.birthMonth, t.birthDay)),
    check("contact_children_birth_month_check", monthCheck(t.birthMonth)),
    check("contact_children_birth_day_check", dayCheck(t.birthDay)),
  ],
);

export const contactPets = pgTable(
  "contact_pets",
  {
    id: serial().primaryKey(),
    contactId: uuid()
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    position: smallint().notNull(),
    name: text().notNull(),
    secondaryType: text(),
    birthMonth: smallint(),
    birthDay: smallint(),
    birthYear: integer(),
  },
  (t) => [
    uniqueIndex("contact_pets_position_key").on(t.contactId, t.position),
    index("contact_pets_user_birth_month_idx").on(t.userId, t.birthMonth),
    index("contact_pets_user_birth_day_key_idx").on(t.userId, dayKey(t.birthMonth, t.birthDay)),
    check("contact_pets_birth_month_check", monthCheck(t.birthMonth)),
    check("contact_pets_birth_day_check", dayCheck(t.birthDay)),
  ],
);

/**
 * Where book versions come from. Not owned by a column, so TRUNCATE ... RESTART IDENTITY (the
 * seed's reset) leaves it alone: a user id reused after a reset never meets a version it had.
 */
export const contactBookVersionSeq = pgSequence("contact_book_version_seq");

/**
 * A user's address book version, changed by a deferred trigger (see the migrations
 * 0001_contact_book_versions and 0033) in every transaction that writes their contacts,
 * children, pets or group memberships, whatever code path writes. Caches of data derived from
 * the book compare against it (lib/book-cache.ts). Its own table rather than a users column:
 * checkout and login lock the users row, and contact writes must not queue behind them.
 */
export const contactBookVersions = pgTable("contact_book_versions", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  version: bigint({ mode: "number" }).notNull().default(0),
  /** When the version last changed: the calendar feed's Last-Modified. */
  changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /**
   * How many contacts the book holds, kept by statement triggers on contacts: the address book's
   * quota is checked against it after every bulk write (counting 100,000 rows took 50 ms).
   */
  contactCount: integer().notNull().default(0),
});

/** A contact as the app reads it: every column but the stored JSON, which only the list sends. */
export type ContactRow = Omit<typeof contacts.$inferSelect, "apiJson">;
export type NewContactRow = typeof contacts.$inferInsert;
export type ChildRow = typeof contactChildren.$inferSelect;
export type PetRow = typeof contactPets.$inferSelect;
