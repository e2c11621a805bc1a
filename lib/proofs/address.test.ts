import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import * as fontkit from "fontkit";
import { envelopeLines } from "./address";
import { sfntOfWoff } from "./font-files";

describe("envelopeLines", () => {
  it("writes a US address as USPS Publication 28 asks: capitals, no punctuation, standard abbreviations", () => {
    expect(envelopeLines({ name: "Mary-Kate O'Neil", company: "Acme, Inc.", address: "1600 North Pennsylvania Avenue", apt: "Suite 5", city: "Washington", state: "D.C.", zip: "205000003", country: "USA" })).toEqual([
      "MARY-KATE ONEIL",
      "ACME INC",
      "1600 N PENNSYLVANIA AVE STE 5",
      "WASHINGTON DC 20500-0003",
    ]);
    // A bare unit number takes the pound sign; a street named like a direction keeps its name.
    expect(envelopeLines({ name: "Al Oz", address: "12 North Street", apt: "4B", city: "Salem", state: "Massachusetts", zip: "01970", country: null })).toEqual([
      "AL OZ",
      "12 NORTH ST # 4B",
      "SALEM MA 01970",
    ]);
  });

  it("keeps a foreign address as written, in capitals, with the country's name last", () => {
    expect(envelopeLines({ name: "Zoë Brandt", address: "Hauptstraße 5", city: "Berlin", zip: "10115", country: "de" })).toEqual(["ZOË BRANDT", "HAUPTSTRASSE 5", "BERLIN 10115", "GERMANY"]);
  });

  it("unwraps a WOFF font into the TrueType file fontkit reads alike", () => {
    const woff = readFileSync(path.join(process.cwd(), "node_modules/@fontsource/caveat/files/caveat-latin-400-normal.woff"));
    const sfnt = sfntOfWoff(woff);
    expect(sfnt.readUInt32BE(0)).toBe(0x00010000);
    const [fromWoff, fromSfnt] = [woff, sfnt].map((bytes) => fontkit.create(bytes) as fontkit.Font);
    expect(fromSfnt!.numGlyphs).toBe(fromWoff!.numGlyphs);
    expect(fromSfnt!.layout("Dear Ada").advanceWidth).toBe(fromWoff!.layout("Dear Ada").advanceWidth);
  });
});
