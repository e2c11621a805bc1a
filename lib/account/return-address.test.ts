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
    const account = await updateReturnAddress(ctx, parseInput(updateReturnAddressSchema, { first_name: "Sam", last_name: "Lee", city: "Austin" }));
    expect(account.profile).toEqual({ first_name: "Sam", last_name: "Lee", city: "Austin" });
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
