import { describe, expect, it } from "vitest";
import { fillPlaceholders, placeholdersIn, pluralFamilyName, recipientPlaceholders } from "./placeholders";

describe("fillPlaceholders", () => {
  it("fills each placeholder it has a value for, everywhere it is written, and leaves other braces as written", () => {
    const values = recipientPlaceholders({ firstName: "Ann", lastName: "Lee" });
    expect(fillPlaceholders("Dear {first_name} {last_name}, {first_name}! {age} {} {{first_name}}", values)).toBe("Dear Ann Lee, Ann! {age} {} {Ann}");
  });

  it("never reads a value as a placeholder", () => {
    expect(fillPlaceholders("{first_name} / {last_name}", recipientPlaceholders({ firstName: "{last_name}", lastName: "Lee" }))).toBe("{last_name} / Lee");
  });

  it("reads only the values' own names, not an object's inherited ones", () => {
    expect(fillPlaceholders("{toString} {constructor}", {})).toBe("{toString} {constructor}");
  });
});

describe("placeholdersIn", () => {
  it("names each placeholder once, in the order written", () => {
    expect(placeholdersIn("{b} {a} {b} {} text")).toEqual(["b", "a", ""]);
  });
});

describe("pluralFamilyName and {last_name}s", () => {
  it("adds -es after s, x, z, ch and sh, -s after anything else", () => {
    const plurals = ["Martinez", "Jones", "Fox", "Church", "Walsh", "Kennedy", "Smith", "Lee", "RUIZ"].map(pluralFamilyName);
    expect(plurals).toEqual(["Martinezes", "Joneses", "Foxes", "Churches", "Walshes", "Kennedys", "Smiths", "Lees", "RUIZes"]);
  });

  it("makes each name of a household's plural", () => {
    expect(pluralFamilyName("Martinez & Ruiz")).toBe("Martinezes & Ruizes");
    expect(pluralFamilyName("Lee, Fox & Smith")).toBe("Lees, Foxes & Smiths");
  });

  it("fills {last_name}s with the plural, only where the s ends the word", () => {
    const values = recipientPlaceholders({ firstName: "Elena", lastName: "Martinez" });
    expect(fillPlaceholders("To the {last_name}s! {last_name}son, {last_name}'s, {first_name}s", values)).toBe("To the Martinezes! Martinezson, Martinez's, Elenas");
  });
});
