import { describe, expect, it } from "vitest";
import { fieldForHeader, parseRecipientsCsv } from "./csv";

const HEADER = "first_name,last_name,address,city,state,zip";

describe("parseRecipientsCsv", () => {
  it("reads recipients under a header row, with the API schema's rules", () => {
    const csv = `${HEADER},country,email\r\nAnn,Lee,1 Main St,Springfield,IL,62701,,ann@example.com\r\nBen,Ortiz,"12 Oak Ave, Unit 4",Austin,TX,78701,CA,\r\n`;
    const result = parseRecipientsCsv(csv);
    expect(result.problems).toEqual([]);
    expect(result.isValid).toBe(true);
    expect(result.rows).toEqual([
      { row: 2, values: { first_name: "Ann", last_name: "Lee", address: "1 Main St", city: "Springfield", state: "IL", zip: "62701", email: "ann@example.com" }, errors: [] },
      { row: 3, values: { first_name: "Ben", last_name: "Ortiz", address: "12 Oak Ave, Unit 4", city: "Austin", state: "TX", zip: "78701", country: "CA" }, errors: [] },
    ]);
    expect(result.recipients).toEqual([
      { first_name: "Ann", last_name: "Lee", address: "1 Main St", city: "Springfield", state: "IL", zip: "62701", email: "ann@example.com" },
      { first_name: "Ben", last_name: "Ortiz", address: "12 Oak Ave, Unit 4", city: "Austin", state: "TX", zip: "78701", country: "CA" },
    ]);
  });

  it("understands the headers people write", () => {
    expect(fieldForHeader("First Name")).toBe("first_name");
    expect(fieldForHeader("  LAST-NAME ")).toBe("last_name");
    expect(fieldForHeader("Zip Code")).toBe("zip");
    expect(fieldForHeader("Postal code")).toBe("zip");
    expect(fieldForHeader("Address Line 2")).toBe("apt");
    expect(fieldForHeader("Street Address")).toBe("address");
    expect(fieldForHeader("E-mail")).toBe("email");
    expect(fieldForHeader("Message")).toBe("override_message");
    expect(fieldForHeader("Birth month")).toBe("birth_month");
    expect(fieldForHeader("Favourite colour")).toBeNull();

    const result = parseRecipientsCsv("First Name;Last Name;Street;Town;Province;Postal code;Shoe size\nAnn;Lee;1 Main St;Springfield;IL;62701;38\n");
    expect(result.isValid).toBe(true);
    expect(result.columns.map((c) => c.field)).toEqual(["first_name", "last_name", "address", "city", "state", "zip", null]);
    expect(result.recipients[0]).toMatchObject({ first_name: "Ann", zip: "62701" });
  });

  it("reports every row's errors with its spreadsheet row number, and keeps the valid ones apart", () => {
    const csv = [HEADER + ",email,birth_month", "Ann,Lee,1 Main St,Springfield,IL,62701,,", "Ben,Ortiz,2 Oak Ave,Austin,TX,,not-an-email,13", "", "Cleo,Park,3 Elm St,Reno,NV,89501,,"].join("\n");
    const result = parseRecipientsCsv(csv);
    expect(result.isValid).toBe(false);
    expect(result.problems).toEqual([]);
    expect(result.rows.map((r) => r.row)).toEqual([2, 3, 5]);
    expect(result.rows[1]!.errors).toEqual([
      "Row 3: The zip field is required.",
      "Row 3: The email field must be a valid email address.",
      "Row 3: The birth month field must not be greater than 12.",
    ]);
    expect(result.rows[0]!.errors).toEqual([]);
    expect(result.recipients.map((r) => r.first_name)).toEqual(["Ann", "Cleo"]);
  });

  it("flags a repeated internal id and a row with more values than columns", () => {
    const csv = [HEADER + ",internal_id", "Ann,Lee,1 Main St,Springfield,IL,62701,A1", "Ann,Lee,1 Main St,Springfield,IL,62701,A1", "Ben,Ortiz,2 Oak Ave, Apt 3,Austin,TX,78701,B2"].join("\n");
    const result = parseRecipientsCsv(csv);
    expect(result.rows[1]!.errors).toEqual(["Row 3: The internal id appears more than once in this file (first on row 2)."]);
    expect(result.rows[2]!.errors[0]).toBe("Row 4: The row has 8 values but the header names 7 columns. Put values that contain commas in double quotes.");
    expect(result.recipients).toHaveLength(1);

    const afterInvalid = parseRecipientsCsv([HEADER + ",internal_id", "Ann,Lee,1 Main St,Springfield,IL,,A1", "Ann,Lee,1 Main St,Springfield,IL,62701,A1"].join("\n"));
    expect(afterInvalid.rows[1]!.errors).toEqual(["Row 3: The internal id appears more than once in this file (first on row 2)."]);
  });

  it("explains a file it can't use", () => {
    expect(parseRecipientsCsv("").problems[0]).toMatch(/^The file is empty/);
    expect(parseRecipientsCsv("\n \n").problems[0]).toMatch(/^The file is empty/);
    expect(parseRecipientsCsv("colour,size\nred,4").problems[0]).toMatch(/^The first row doesn't name any recipient field/);
    expect(parseRecipientsCsv(`${HEADER}\n`).problems).toEqual(["The file has a header row but no recipients below it."]);
    const partial = parseRecipientsCsv("first_name,last_name\nAnn,Lee");
    expect(partial.problems).toEqual(["The file has no address, city, state, zip columns; every recipient needs one."]);
    expect(partial.isValid).toBe(false);
  });

  it("refuses more than 1,000 recipients at once", () => {
    const rows = Array.from({ length: 1001 }, (_, i) => `P${i},Lee,1 Main St,Springfield,IL,62701`);
    const result = parseRecipientsCsv([HEADER, ...rows].join("\n"));
    expect(result.problems).toEqual(["The file has 1,001 recipients; import at most 1,000 at a time."]);
    expect(result.isValid).toBe(false);
  });

  it("ignores a byte order mark and a second column for the same field", () => {
    const result = parseRecipientsCsv(`\uFEFF${HEADER},Postal code\nAnn,Lee,1 Main St,Springfield,IL,62701,99999`);
    expect(result.columns[0]!.field).toBe("first_name");
    expect(result.columns[6]).toEqual({ header: "Postal code", field: null });
    expect(result.recipients[0]!.zip).toBe("62701");
  });
});
