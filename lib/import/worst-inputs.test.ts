import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { api, createUser } from "@/test/api";
import { readContactsCsv } from "./csv";
import { csvRecords, guessCsvDialect } from "./csv-records";
import { IMPORT_MAX_BYTES, IMPORT_MAX_CONTACTS, IMPORT_MAX_RECORD_CHARS } from "./schema";
import { readContactsVcard } from "./vcard";

/*
 * The worst files we can think of, at the 5 MiB an import takes: each is read to the right
 * answer (the outcome is checked here; scripts/import-blocking.mjs checks, on a production server,
 * that no request waits behind them).
 */

/** `head`, then `unit` as many times as fits, then `tail`: `size` characters at most. */
function fill(unit: string, { head = "", tail = "", size = IMPORT_MAX_BYTES } = {}): string {
  return head + unit.repeat(Math.floor((size - head.length - tail.length) / unit.length)) + tail;
}

const TOO_LARGE_CARD = `The card is too large to be a contact: over ${IMPORT_MAX_RECORD_CHARS / 1024} KiB without its photos.`;
const TOO_LONG_ROW = `The row is over ${IMPORT_MAX_RECORD_CHARS / 1024} KiB: too long to be a contact.`;
const CUT_SHORT = "The card has no END:VCARD: the file may be cut short.";
const card = (...lines: string[]) => ["BEGIN:VCARD", "VERSION:3.0", ...lines, "END:VCARD", ""].join("\r\n");

describe("reading a vCard file of the worst kind", () => {
  it("BEGIN:VCARD repeated is one card that never ends", async () => {
    const file = await readContactsVcard(fill("BEGIN:VCARD\n"));
    expect(file).toMatchObject({ rows: [{ row: 1, uuid: null, input: {}, errors: { row: [CUT_SHORT] } }], count: 1, problems: [] });
  });

  it("a card cut short after a whole one is an error on its own row", async () => {
    const file = await readContactsVcard(card("N:Doe;Jane") + fill("NOTE:hello\n", { head: "BEGIN:VCARD\nN:Roe;Rich\n" }));
    expect(file.count).toBe(2);
    expect(file.rows[0]).toMatchObject({ row: 1, input: { last_name: "Doe", first_name: "Jane" }, errors: {} });
    expect(file.rows[1]).toEqual({ row: 2, uuid: null, input: {}, errors: { row: [CUT_SHORT] } });
  });

  it("one quoted-printable NOTE of 5 MiB of soft line breaks is a card too large; a long one under the limit is decoded whole", async () => {
    const huge = await readContactsVcard(fill("=41=42=43=\r\n", { head: "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Doe;Jane\r\nNOTE;ENCODING=QUOTED-PRINTABLE:", tail: "x\r\nEND:VCARD\r\n" }));
    expect(huge).toMatchObject({ rows: [{ row: 1, uuid: null, input: {}, errors: { row: [TOO_LARGE_CARD] } }], count: 1, problems: [] });

    const long = await readContactsVcard(`BEGIN:VCARD\r\nVERSION:2.1\r\nN:Doe;Jane\r\nNOTE;ENCODING=QUOTED-PRINTABLE:${"=41=42=43=\r\n".repeat(3000)}x\r\nTEL;CELL:1\r\nEND:VCARD\r\n`);
    expect(long.rows).toEqual([{ row: 1, uuid: null, input: { last_name: "Doe", first_name: "Jane", notes: `${"ABC".repeat(3000)}x`, phone: "1" }, errors: {} }]);
  });

  it("a line folded 5 MiB long is a card too large; one folded under the limit is unfolded", async () => {
    const huge = await readContactsVcard(fill("\r\n abcdefgh", { head: "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;Jane\r\nNOTE:", tail: "\r\nEND:VCARD\r\n" }));
    expect(huge.rows).toEqual([{ row: 1, uuid: null, input: {}, errors: { row: [TOO_LARGE_CARD] } }]);

    const long = await readContactsVcard(card("N:Doe;Jane", `NOTE:${"\r\n abcdefgh".repeat(1000)}`, "EMAIL:jane@example.com"));
    expect(long.rows[0]).toEqual({ row: 1, uuid: null, input: { last_name: "Doe", first_name: "Jane", notes: "abcdefgh".repeat(1000), email: "jane@example.com" }, errors: {} });
  });

  it(";;;; and ,,,, floods: too large at 5 MiB, and read to the right names under the limit", async () => {
    for (const flood of [fill(";", { head: "BEGIN:VCARD\nN:Doe", tail: "\nEND:VCARD\n" }), fill(",", { head: "BEGIN:VCARD\nN:Doe;Jane;", tail: "\nEND:VCARD\n" })]) {
      expect((await readContactsVcard(flood)).rows).toEqual([{ row: 1, uuid: null, input: {}, errors: { row: [TOO_LARGE_CARD] } }]);
    }
    const semicolons = await readContactsVcard(card(`N:Doe;Jane${";".repeat(60_000)}`));
    expect(semicolons.rows[0]).toMatchObject({ input: { last_name: "Doe", first_name: "Jane" }, errors: {} });
    const commas = await readContactsVcard(card(`N:Doe;Jane;${",".repeat(60_000)}`));
    expect(commas.rows[0]).toMatchObject({ input: { last_name: "Doe", first_name: "Jane" }, errors: {} });
  });

  it("an address written whole that is one long line, or thousands of short ones, is kept whole as the street", async () => {
    for (const street of [`1 Main St\\n${"a ".repeat(30_000)}1`, `1 Main St${"\\nSpringfield, a".repeat(4_000)}`]) {
      const file = await readContactsVcard(card("N:Doe;Jane;;;", `ADR:;;${street};;;;`));
      expect(file.rows[0]).toMatchObject({ input: { last_name: "Doe", first_name: "Jane" }, errors: {} });
      expect(file.rows[0]!.input.city).toBeUndefined();
    }
  });

  it("a property's parameters: too many make the card unreadable, as do too many properties", async () => {
    const params = await readContactsVcard(card("N:Doe;Jane", `TEL${";CELL".repeat(300)}:123`));
    expect(params.rows[0]!.errors).toEqual({ row: ["The card can't be read: a property's name and parameters run over 1,000 characters."] });
    const properties = await readContactsVcard(card("N:Doe;Jane", ...Array.from({ length: 1000 }, (_, i) => `TEL:${i}`)));
    expect(properties.rows[0]!.errors).toEqual({ row: ["The card has over 1,000 properties: too many for a contact."] });
  });

  it("hundreds of labelled related names: the spouse and children are found", async () => {
    const related = Array.from({ length: 400 }, (_, i) => [`item${i}.X-ABRELATEDNAMES:Friend ${i}`, `item${i}.X-ABLabel:_$!<Friend>!$_`]).flat();
    const file = await readContactsVcard(card("N:Doe;Jane", ...related, "item900.X-ABRELATEDNAMES:Pat Doe", "item900.X-ABLabel:_$!<Spouse>!$_", "item901.X-ABRELATEDNAMES:Kim", "item901.X-ABLabel:_$!<Child>!$_"));
    expect(file.rows[0]).toMatchObject({ input: { spouse_first_name: "Pat", spouse_last_name: "Doe" }, spouseName: "Pat Doe", childNames: ["Kim"], errors: {} });
  });

  it("a 5 MiB photo is left out and the card read", async () => {
    const file = await readContactsVcard(fill("\r\n QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo=", { head: "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;Jane\r\nPHOTO;ENCODING=b;TYPE=JPEG:/9j/", tail: "\r\nEMAIL:jane@example.com\r\nEND:VCARD\r\n" }));
    expect(file.rows).toEqual([{ row: 1, uuid: null, input: { last_name: "Doe", first_name: "Jane", email: "jane@example.com" }, errors: {} }]);
  });

  it("hundreds of thousands of empty cards are counted, and only the first 10,000 read", async () => {
    const file = await readContactsVcard(fill("BEGIN:VCARD\r\nEND:VCARD\r\n"));
    expect(file.count).toBe(Math.floor(IMPORT_MAX_BYTES / "BEGIN:VCARD\r\nEND:VCARD\r\n".length));
    expect(file.rows).toHaveLength(IMPORT_MAX_CONTACTS);
    expect(file.rows[9_999]).toEqual({ row: 10_000, uuid: null, input: {}, errors: {} });
  });

  it("lines ended by CR alone, or nothing at all like a card", async () => {
    const crOnly = await readContactsVcard(card("N:Doe;Jane", "TEL;CELL:123").replace(/\r\n/g, "\r"));
    expect(crOnly.rows).toEqual([{ row: 1, uuid: null, input: { last_name: "Doe", first_name: "Jane", phone: "123" }, errors: {} }]);
    expect(await readContactsVcard(fill("\n"))).toMatchObject({ rows: [], count: 0, problems: ["The file has no vCard in it (BEGIN:VCARD ... END:VCARD)."] });
  });
});

describe("reading a CSV file of the worst kind", () => {
  it("a single 5 MiB cell is a row too long", async () => {
    const file = await readContactsCsv(fill("a", { head: 'first_name,last_name\n"', tail: '",Doe\n' }));
    expect(file).toMatchObject({ format: "cardmail", rows: [{ row: 1, uuid: null, input: {}, errors: { row: [TOO_LONG_ROW] } }], count: 1, problems: [] });
  });

  it("5 MiB of quotes is a first row too long to name columns; after a header, a row too long", async () => {
    expect(await readContactsCsv(fill('"'))).toMatchObject({ format: null, rows: [], count: 0, problems: ["The first row is over 64 KiB: it should name the columns."] });
    const afterHeader = await readContactsCsv(fill('"', { head: "first_name,last_name\n" }));
    expect(afterHeader.rows).toEqual([{ row: 1, uuid: null, input: {}, errors: { row: [TOO_LONG_ROW] } }]);
  });

  it("millions of empty rows, or rows of empty cells, hold no contact", async () => {
    for (const unit of ["\n", "\r\n", ",\n", " , \n"]) {
      expect(await readContactsCsv(fill(unit, { head: "first_name,last_name\n" }))).toMatchObject({ format: "cardmail", rows: [], count: 0, problems: [] });
    }
  });

  it("a header or a row of 5 MiB of commas", async () => {
    expect((await readContactsCsv(fill(","))).problems).toEqual(["The first row is over 64 KiB: it should name the columns."]);
    expect((await readContactsCsv(fill(",", { head: "first_name,last_name\n" }))).rows).toEqual([{ row: 1, uuid: null, input: {}, errors: { row: [TOO_LONG_ROW] } }]);
  });

  it("a header of over 1,000 named columns is refused; 1,000 are read on every row", async () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => `Phone ${i + 1} - Value`).join(",");
    expect((await readContactsCsv(`First Name,${names(1000)}\nAnn\n`)).problems).toEqual(["The first row names 1,001 columns; an address book has at most 1,000."]);
    const file = await readContactsCsv(fill("\n", { head: `First Name,Last Name,${names(998)}\n${"Ann,Lee\n".repeat(9_999)}Bob,Ray,${",".repeat(996)}555-0100\n` }));
    expect(file).toMatchObject({ format: "google", count: 10_000, problems: [] });
    expect(file.rows[0]).toEqual({ row: 1, uuid: null, input: { first_name: "Ann", last_name: "Lee" }, errors: {} });
    expect(file.rows[9_999]).toEqual({ row: 10_000, uuid: null, input: { first_name: "Bob", last_name: "Ray", phone: "555-0100" }, errors: {} });
  });

  it("a million short rows are counted, and only the first 10,000 read", async () => {
    const file = await readContactsCsv(fill("Ann,Lee\n", { head: "first_name,last_name\n" }));
    expect(file.count).toBe(Math.floor((IMPORT_MAX_BYTES - "first_name,last_name\n".length) / "Ann,Lee\n".length));
    expect(file.rows).toHaveLength(IMPORT_MAX_CONTACTS);
  });

  it("the records are Papa Parse's: quotes, escaped quotes, spaces after a closing quote, stray and unclosed quotes, each line ending and delimiter", () => {
    const texts = [
      'first_name,last_name,notes\r\nAnn,Lee,"two\r\nlines"\r\n\r\nBob,Ray,"say ""hi"""\r\n',
      'first_name,last_name\n"Ann"  ,"Lee"  \nBob,"Ray" \n',
      'first_name,last_name,notes\nAnn,Lee,"a"b,c"\nBob,Ray,x\n',
      'first_name,last_name\nAnn,"Lee\nBob,Ray\n',
      'first_name,last_name\nAn"n,Le"e\n"Ann","Lee"',
      'first_name,last_name\nAnn,"Lee"   ',
      "first_name;last_name;email\nAnn;Lee;a@b.c\nBob;Ray;b@c.d\n",
      "first_name\tlast_name\nAnn\tLee\n",
      "first_name,last_name\rAnn,Lee\rBob,Ray\r",
      "\n\nfirst_name,last_name\n\n\nAnn,Lee\n\n",
      "a|b|c\n1|2|3\n",
      '""""""',
      "",
    ];
    for (const text of texts) {
      const papa = Papa.parse<string[]>(text, { skipEmptyLines: false });
      const records = [...csvRecords(text, guessCsvDialect(text))].flatMap((record) => (record === null ? [] : Array.from({ length: record.repeat }, () => record)));
      expect(records.map((record) => record.cells)).toEqual(papa.data);
      expect(records.flatMap((record, index) => (record.hasQuoteError ? [index] : []))).toEqual([...new Set(papa.errors.filter((error) => error.type === "Quotes").map((error) => error.row))]);
    }
  });
});

describe("POST /contacts/import of 5 MiB of the worst kind", () => {
  it("answers what is wrong with the file, and a file one byte over the limit is a 413", async () => {
    const user = await createUser();
    const post = (rawBody: string, type: string) => api.post("/contacts/import?dry_run=true", { token: user.token, rawBody, headers: { "content-type": type } });
    const vcard = await post(fill("BEGIN:VCARD\n"), "text/vcard");
    expect(vcard.status).toBe(422);
    expect(vcard.body.message).toBe(`Row 1: ${CUT_SHORT} (and 1 more error)`);
    expect(vcard.body.errors["rows.1.row"]).toEqual([CUT_SHORT]);
    const csv = await post(fill('"'), "text/csv");
    expect(csv.status).toBe(422);
    expect(csv.body.message).toBe("The first row is over 64 KiB: it should name the columns.");
    const cards = await post(fill("BEGIN:VCARD\r\nEND:VCARD\r\n"), "text/vcard");
    expect(cards.status).toBe(422);
    expect(cards.body.message).toBe("The file has 218,453 contacts; import at most 10,000 at a time.");
    const over = await post(`${fill("\n", { head: "first_name,last_name\n" })}\n`.padEnd(IMPORT_MAX_BYTES + 1, "\n"), "text/csv");
    expect(over.status).toBe(413);
  });
});
