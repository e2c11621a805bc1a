import { describe, expect, it } from "vitest";
import { contactToVcard, escapeVcardText, foldVcardLine, vcardDate } from "./vcard";
import { CONTACT_FIELD_NAMES } from "./fields";
import type { ContactJson } from "./response";

const blank = (overrides: Partial<ContactJson>): ContactJson =>
  ({
    uuid: "6f1c2b7e-8a43-4f3e-9a51-2d0c6b1e4a10",
    ...Object.fromEntries(CONTACT_FIELD_NAMES.map((name) => [name, null])),
    children: [],
    pets: [],
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
    ...overrides,
  }) as ContactJson;

describe("vCard 3.0", () => {
  it("escapes backslash, comma, semicolon and newlines as RFC 2426 says", () => {
    expect(escapeVcardText("a\\b, c; d\r\ne\nf")).toBe("a\\\\b\\, c\\; d\\ne\\nf");
  });

  it("folds lines at 75 octets without splitting a character", () => {
    const line = `NOTE:${"é".repeat(100)}`;
    const folded = foldVcardLine(line);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(parts.map((part, i) => (i === 0 ? part : part.slice(1))).join("")).toBe(line);
    expect(foldVcardLine("FN:Jane")).toBe("FN:Jane");
  });

  it("writes dates with the year, or --MMDD without it, and nothing without a day", () => {
    expect(vcardDate(2, 29, 1988)).toBe("1988-02-29");
    expect(vcardDate(6, 5, null)).toBe("--0605");
    expect(vcardDate(6, null, 2001)).toBeNull();
  });

  it("leaves out what a contact doesn't have and ends every line with CRLF", () => {
    const card = contactToVcard(blank({ first_name: "Jane", last_name: "Smith" }));
    expect(card).toBe(["BEGIN:VCARD", "VERSION:3.0", "N:Smith;Jane;;;", "FN:Jane Smith", "UID:6f1c2b7e-8a43-4f3e-9a51-2d0c6b1e4a10", "END:VCARD", ""].join("\r\n"));
  });
});
