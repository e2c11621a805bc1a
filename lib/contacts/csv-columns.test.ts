import { describe, expect, it } from "vitest";
import { CSV_EXPORT_HEADERS, contactToCsvRow, decodeCsvCell, encodeCsvCell, isCardmailExportHeader, readCsvContactRow } from "./csv-columns";
import { CONTACT_FIELD_NAMES } from "./fields";
import type { ContactJson } from "./response";

const contact = {
  uuid: "6f1c2b7e-8a43-4f3e-9a51-2d0c6b1e4a10",
  ...Object.fromEntries(CONTACT_FIELD_NAMES.map((name) => [name, null])),
  first_name: "Jane",
  last_name: "-Smith",
  phone: "+1 555 0100",
  notes: "=HYPERLINK(\"x\")",
  birth_month: 2,
  birth_day: 29,
  children: [{ first_name: "Emma", birth_month: 3, birth_day: 14, birth_year: null }],
  pets: [{ name: "Rex; the (good) dog", birth_month: null, birth_day: null, birth_year: null, secondary_type: "dog" }],
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-02T00:00:00.000Z",
} as unknown as ContactJson;

describe("the CSV export's columns", () => {
  it("name every Contact field, uuid first", () => {
    expect(CSV_EXPORT_HEADERS[0]).toBe("uuid");
    for (const name of [...CONTACT_FIELD_NAMES, "children", "pets"]) expect(CSV_EXPORT_HEADERS).toContain(name);
    expect(isCardmailExportHeader(CSV_EXPORT_HEADERS)).toBe(true);
    expect(isCardmailExportHeader(["First Name", "Last Name"])).toBe(false);
  });

  it("neutralise formulas and decode back exactly", () => {
    for (const value of ["=1+1", "+1 555", "-x", "@SUM", "'=x", "''+y", "'plain", "plain", ""]) {
      const cell = encodeCsvCell(value);
      expect(/^[=+\-@]/.test(cell)).toBe(false);
      expect(decodeCsvCell(cell)).toBe(value);
    }
  });

  it("read a written row back to the same contact input", () => {
    const cells = contactToCsvRow(contact);
    const row = readCsvContactRow(Object.fromEntries(CSV_EXPORT_HEADERS.map((header, i) => [header, cells[i]!])));
    expect(row.uuid).toBe(contact.uuid);
    expect(row.errors).toEqual({});
    expect(row.input).toMatchObject({ first_name: "Jane", last_name: "-Smith", phone: "+1 555 0100", notes: contact.notes, birth_month: "2", birth_day: "29", email: "" });
    expect(row.input.children).toEqual(contact.children);
    expect(row.input.pets).toEqual(contact.pets);
    expect(row.input).not.toHaveProperty("created_at");
  });

  it("report a children cell that isn't a JSON list", () => {
    expect(readCsvContactRow({ children: "Emma (2015-03-14)" }).errors.children?.[0]).toMatch(/JSON list/);
  });
});
