import { describe, expect, it } from "vitest";
import { readContactsCsv } from "./csv";

describe("Google Contacts' CSV", () => {
  it("splits an address given only as one formatted text into its parts, and keeps one it can't read whole", async () => {
    const csv = [
      "First Name,Last Name,Address 1 - Type,Address 1 - Formatted",
      'Ada,Byron,Home,"12 Analytical Ave\nSpringfield, IL 62701\nUSA"',
      'Alan,Turing,Home,"Somewhere by the sea"',
    ].join("\n");
    const { rows, columns } = await readContactsCsv(csv);
    expect(rows[0]!.input).toMatchObject({ first_name: "Ada", address: "12 Analytical Ave", city: "Springfield", state: "IL", zip: "62701" });
    expect(rows[1]!.input).toMatchObject({ first_name: "Alan", address: "Somewhere by the sea" });
    expect(columns.mapped).toContainEqual({ column: "Address 1 - Formatted", field: "address" });
  });
});
