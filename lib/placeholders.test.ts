import { describe, expect, it } from "vitest";
import { fillPlaceholders, placeholdersIn, recipientPlaceholders } from "./placeholders";

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
