import { describe, expect, it } from "vitest";
import type { ServiceContext } from "@/lib/context";
import { AppError } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { createUser, type TestUser } from "@/test/api";
import { updateReturnAddress, updateReturnAddressSchema } from "./return-address";
import { getAccount, updateAccountProfile } from "./service";

const ctxOf = (user: TestUser): ServiceContext => ({ db: user.db, user: { id: user.id, accountType: 1 } });

describe("updateReturnAddress", () => {
  it("replaces the name, company and address and keeps the rest of the account's own contact", async () => {
    const ctx = ctxOf(await createUser());
    await updateAccountProfile(ctx, {
      first_name: "Jordan",
      last_name: "Ellis",
      company: "Old Co",
      phone: "(503) 555-0142",
      address: "1 Old Road",
      apt: "Unit 4",
      city: "Salem",
      state: "OR",
      zip: "97301",
      country: "US",
      birth_month: 6,
      birth_day: 21,
      children: [{ first_name: "Ada", birth_month: 2, birth_day: 3 }],
    });

    const form = { first_name: " Jo ", last_name: "Ellis", company: "", address: "2718 SE Belmont Street", apt: "", city: "Portland", state: "OR", zip: "97214", country: "US" };
    const account = await updateReturnAddress(ctx, parseInput(updateReturnAddressSchema, form));

    expect(account.profile).toEqual({
      first_name: "Jo",
      last_name: "Ellis",
      phone: "(503) 555-0142",
      address: "2718 SE Belmont Street",
      city: "Portland",
      state: "OR",
      zip: "97214",
      country: "US",
      birth_month: 6,
      birth_day: 21,
      children: [{ first_name: "Ada", birth_month: 2, birth_day: 3 }],
    });
    expect((await getAccount(ctx)).profile).toEqual(account.profile);
  });

  it("fills in the return address of a new account, whose own contact is empty", async () => {
    const ctx = ctxOf(await createUser());
    const input = { first_name: "Sam", last_name: "Lee", address: "500 Congress Ave", city: "Austin", state: "Texas", zip: "78701", country: "United States" };
    const account = await updateReturnAddress(ctx, parseInput(updateReturnAddressSchema, input));
    expect(account.profile).toEqual(input);
  });

  it("refuses a return address that would not bring a card back, saying why, as it does a recipient's", async () => {
    const ctx = ctxOf(await createUser());
    const refused = async (address: Record<string, string>) => {
      try {
        await updateReturnAddress(ctx, parseInput(updateReturnAddressSchema, { first_name: "Sam", last_name: "Lee", ...address }));
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).code).toBe("validation");
        return (error as AppError).details.errors;
      }
      return expect.unreachable();
    };
    // What a person saw printed on 12 envelopes: a four-digit ZIP, a state, no country.
    expect(await refused({ address: "1 Main St", city: "Springfield", state: "Illinois", zip: "6020" })).toEqual({
      zip: ["“6020” is not a ZIP code: a ZIP code has 5 digits, like 30301"],
      country: ["Enter a country, like US: it is printed on the envelope"],
    });
    expect(await refused({ address: "1 Main St", city: "Springfield", state: "IL", zip: "97201", country: "US" })).toEqual({
      zip: ["This ZIP code is in Oregon, not Illinois"],
    });
    expect(await refused({ city: "Austin" })).toEqual({
      address: ["Enter a street address"],
      state: ["Enter a state"],
      zip: ["Enter a ZIP code"],
      country: ["Enter a country, like US: it is printed on the envelope"],
    });
    expect(await refused({ address: "Unter den Linden 1", city: "Berlin", zip: "1011", country: "Germany" })).toEqual({
      zip: ["“1011” is not a postal code in Germany"],
    });
    // Nothing saved by the refusals; a whole address abroad is taken, and clearing it stays possible.
    expect((await getAccount(ctx)).profile).toEqual({});
    const abroad = await updateReturnAddress(ctx, parseInput(updateReturnAddressSchema, { first_name: "Sam", last_name: "Lee", address: "24 Sussex Dr", city: "Ottawa", state: "ON", zip: "K1A 0B1", country: "CA" }));
    expect(abroad.profile.country).toBe("CA");
    const cleared = await updateReturnAddress(ctx, parseInput(updateReturnAddressSchema, { first_name: "Sam", last_name: "Lee", address: "", city: "", state: "", zip: "", country: "" }));
    expect(cleared.profile).toEqual({ first_name: "Sam", last_name: "Lee" });
  });

  it("checks the fields with the account schema's rules and messages", () => {
    try {
      parseInput(updateReturnAddressSchema, { first_name: "", last_name: "Lee", zip: "1".repeat(21), phone: "ignored" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).details.errors).toEqual({
        first_name: ["The first name field is required."],
        zip: ["The zip field must not be greater than 20 characters."],
      });
    }
  });
});
