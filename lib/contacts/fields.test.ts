import { eq, getTableColumns } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { contacts } from "@/db/schema";
import { createUser } from "@/test/api";
import { CONTACT_FIELDS, CONTACT_FIELD_NAMES, type ContactFieldDefinition } from "./fields";
import { contactResponseSchema } from "./response";

const tableColumns: Record<string, AnyPgColumn> = getTableColumns(contacts);
const definition = (field: string) => CONTACT_FIELDS[field as keyof typeof CONTACT_FIELDS] as ContactFieldDefinition;
// The client writes keys in snake_case (casing: "snake_case").
const sqlName = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** Columns of the table that are not fields a caller writes. */
const SERVER_COLUMNS = ["id", "userId", "searchText", "createdAt", "updatedAt", "apiJson", "addressKey"];

/** A value of the field's SQL type that no other field shares (text reads as an email, so email passes too). */
function sampleValue(field: string, index: number): string | number {
  switch (definition(field).sqlType) {
    case "smallint":
      return (index % 12) + 1;
    case "integer":
      return 1900 + index;
    case "varchar(20)":
      return `v${index}`;
    case "text":
      return `f${index}@example.com`;
  }
}

describe("the contact field list", () => {
  it("names every column of the drizzle table, with the SQL type and name it says", () => {
    for (const field of CONTACT_FIELD_NAMES) {
      const { column, sqlType } = definition(field);
      const tableColumn = tableColumns[column];
      expect(tableColumn, `${field}: no column ${column}`).toBeDefined();
      expect(tableColumn!.getSQLType(), field).toBe(sqlType);
      expect(sqlName(tableColumn!.name), field).toBe(field);
      expect(tableColumn!.notNull, field).toBe(definition(field).isRequired === true);
    }
    const listed = new Set(CONTACT_FIELD_NAMES.map((field) => definition(field).column));
    expect(Object.keys(tableColumns).filter((key) => !listed.has(key) && !SERVER_COLUMNS.includes(key))).toEqual([]);
  });

  it("is what set_contact_api_json writes, field for field and in the same place", async () => {
    const db = await getDb();
    const user = await createUser();
    const values = Object.fromEntries(CONTACT_FIELD_NAMES.map((field, i) => [definition(field).column, sampleValue(field, i)]));
    const [row] = await db
      .insert(contacts)
      .values({ ...(values as unknown as typeof contacts.$inferInsert), userId: user.id })
      .returning({ id: contacts.id });
    const [stored] = await db.select({ json: contacts.apiJson }).from(contacts).where(eq(contacts.id, row!.id));
    const json = JSON.parse(stored!.json) as Record<string, unknown>;

    expect(Object.keys(json)).toEqual(Object.keys(contactResponseSchema.shape));
    CONTACT_FIELD_NAMES.forEach((field, i) => expect(json[field], field).toBe(sampleValue(field, i)));
    expect(contactResponseSchema.safeParse(json).error).toBeUndefined();
  });

  it("gives each CSV header alias to one field only", () => {
    const aliases = CONTACT_FIELD_NAMES.flatMap((field) => definition(field).csvAliases ?? []);
    expect(aliases.filter((alias, i) => aliases.indexOf(alias) !== i)).toEqual([]);
  });
});
