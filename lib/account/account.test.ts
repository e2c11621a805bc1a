import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "@/db/schema";
import type { z } from "zod";
import type { ServiceContext } from "@/lib/context";
import { AppError } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { api, createUser, type TestUser } from "@/test/api";
import { updateAccountProfileSchema, updateShippingAddressSchema } from "./schema";
import { getAccount, updateAccountProfile, updateShippingAddress } from "./service";

const ctxOf = (user: TestUser): ServiceContext => ({ db: user.db, user: { id: user.id, accountType: 1 } });

const CONTACT_KEYS = [
  "uuid", "internal_id", "prefix", "first_name", "middle_name", "last_name", "company", "email", "phone",
  "address", "apt", "city", "state", "zip", "country", "spouse_prefix", "spouse_first_name", "spouse_middle_name",
  "spouse_last_name", "birth_month", "birth_day", "birth_year", "anniversary_month", "anniversary_day",
  "anniversary_year", "spouse_birth_month", "spouse_birth_day", "spouse_birth_year", "children", "pets", "notes",
  "created_at", "updated_at",
].sort();

function fieldErrors(schema: z.ZodType, input: unknown): unknown {
  try {
    parseInput(schema, input);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).details.errors;
  }
  throw new Error("expected a validation error");
}

async function userRow(user: TestUser) {
  const [row] = await user.db.select().from(users).where(eq(users.id, user.id));
  return row!;
}

describe("GET /account", () => {
  it("answers 401 without a valid token and a JSON 405 for other methods", async () => {
    for (const res of [await api.get("/account"), await api.get("/account", { token: "garbage" })]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: "Unauthenticated." });
    }
    const user = await createUser();
    const res = await api.post("/account", { token: user.token, body: {} });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
    expect(typeof res.body.message).toBe("string");
  });

  it("returns every field of a new account, unset ones null, unwrapped", async () => {
    const user = await createUser({ accountType: 2 });
    const row = await userRow(user);
    const res = await api.get("/account", { token: user.token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["account_type", "contact", "created_at", "email", "id", "reminder_window", "shipping", "updated_at", "username"]);
    expect(res.body).toMatchObject({
      id: user.id,
      email: user.email,
      account_type: 2,
      reminder_window: 14,
      username: row.username,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    });
    expect(res.body.shipping).toEqual({ name: null, company: null, address: null, apt: null, city: null, state: null, zip: null, country: null });

    const contact = res.body.contact;
    expect(Object.keys(contact).sort()).toEqual(CONTACT_KEYS);
    expect(contact.uuid).toBe(row.contactUuid);
    // Until the user fills in the return address: the username as name, the account's email.
    expect(contact.first_name).toBe(row.username);
    expect(contact.last_name).toBe("");
    expect(contact.email).toBe(user.email);
    expect(contact.children).toEqual([]);
    expect(contact.pets).toEqual([]);
    expect(contact.created_at).toBe(row.createdAt.toISOString());
    for (const key of CONTACT_KEYS.filter((k) => !["uuid", "first_name", "last_name", "email", "children", "pets", "created_at", "updated_at"].includes(k))) {
      expect(contact[key], key).toBeNull();
    }
  });

  it("shows the return address and shipping address once set, and only to their owner", async () => {
    const user = await createUser();
    const other = await createUser();
    const ctx = ctxOf(user);
    const past = new Date("2020-01-01T00:00:00Z");
    await user.db.update(users).set({ updatedAt: past }).where(eq(users.id, user.id));

    await updateAccountProfile(
      ctx,
      parseInput(updateAccountProfileSchema, {
        internal_id: "ignored",
        prefix: "Dr.",
        first_name: " Grace ",
        last_name: "Hopper",
        company: "",
        email: "grace@example.com",
        phone: "555-0100",
        address: "1 Navy Way",
        city: "Arlington",
        state: "VA",
        zip: "22201",
        country: "US",
        birth_month: "12",
        birth_day: 9,
        birth_year: 1906,
        children: [{ first_name: "Kit", birth_month: 5 }],
        pets: [{ name: "Bug", secondary_type: "cat" }],
        notes: "Return address",
      }),
    );
    await updateShippingAddress(ctx, parseInput(updateShippingAddressSchema, { name: "Grace Hopper", address: "1 Navy Way", city: "Arlington", state: "VA", zip: "22201" }));

    const res = await api.get("/account", { token: user.token });
    expect(res.status).toBe(200);
    const navyWay = { address: "1 Navy Way", apt: null, city: "Arlington", state: "VA", zip: "22201", country: "US" };
    const row = await userRow(user);
    expect(res.body.updated_at).toBe(row.updatedAt.toISOString());
    expect(row.updatedAt.getTime()).toBeGreaterThan(past.getTime());
    expect(res.body.contact).toMatchObject({
      uuid: row.contactUuid,
      internal_id: null,
      prefix: "Dr.",
      first_name: "Grace",
      last_name: "Hopper",
      middle_name: null,
      company: null,
      email: "grace@example.com",
      phone: "555-0100",
      ...navyWay,
      birth_month: 12,
      birth_day: 9,
      birth_year: 1906,
      anniversary_month: null,
      children: [{ first_name: "Kit", birth_month: 5, birth_day: null, birth_year: null }],
      pets: [{ name: "Bug", birth_month: null, birth_day: null, birth_year: null, secondary_type: "cat" }],
      notes: "Return address",
      updated_at: row.updatedAt.toISOString(),
    });
    expect(res.body.shipping).toEqual({ name: "Grace Hopper", company: null, ...navyWay });

    const theirs = await api.get("/account", { token: other.token });
    expect(theirs.body.id).toBe(other.id);
    expect(theirs.body.contact.first_name).not.toBe("Grace");
    expect(theirs.body.shipping.name).toBeNull();
  });
});

describe("updateAccountProfile and updateShippingAddress", () => {
  it("replace the whole return address and shipping address", async () => {
    const user = await createUser();
    const ctx = ctxOf(user);
    await updateAccountProfile(ctx, parseInput(updateAccountProfileSchema, { first_name: "A", last_name: "B", address: "1 Rue de Rivoli", city: "Paris", zip: "75001", country: "FR", pets: [{ name: "Rex" }] }));
    const account = await updateAccountProfile(ctx, parseInput(updateAccountProfileSchema, { first_name: "C", last_name: "D" }));
    expect(account.profile).toEqual({ first_name: "C", last_name: "D" });

    await updateShippingAddress(ctx, parseInput(updateShippingAddressSchema, { name: "N", company: "Co", address: "1 St", apt: "2", city: "X", state: "Y", zip: "1", country: "CA" }));
    const shipped = await updateShippingAddress(ctx, parseInput(updateShippingAddressSchema, { name: "M", address: "3 St", city: "X", state: "Y", zip: "2" }));
    expect(shipped.shipping).toEqual({ name: "M", company: null, address: "3 St", apt: null, city: "X", state: "Y", zip: "2", country: "US" });

    const fetched = await getAccount(ctx);
    expect(fetched.profile).toEqual({ first_name: "C", last_name: "D" });
    expect(fetched.shipping).toEqual(shipped.shipping);
    const res = await api.get("/account", { token: user.token });
    expect(res.body.contact).toMatchObject({ first_name: "C", last_name: "D", city: null, pets: [] });
  });

  it("touch only the acting user's account", async () => {
    const user = await createUser();
    const other = await createUser();
    await updateAccountProfile(ctxOf(user), parseInput(updateAccountProfileSchema, { first_name: "Only", last_name: "Me" }));
    expect((await getAccount(ctxOf(other))).profile).toEqual({});
  });

  it("validate with the contact rules and name the fields", () => {
    expect(fieldErrors(updateAccountProfileSchema, { last_name: "x".repeat(101), email: "nope", birth_month: 13, children: [{}] })).toEqual({
      first_name: ["The first name field is required."],
      last_name: ["The last name field must not be greater than 100 characters."],
      email: ["The email field must be a valid email address."],
      birth_month: ["The birth month field must not be greater than 12."],
      "children.0.first_name": ["The first name field is required."],
    });
    expect(fieldErrors(updateShippingAddressSchema, { name: "N", address: " ", city: 5 })).toEqual({
      address: ["The address field is required."],
      city: ["The city field must be a string."],
      state: ["The state field is required."],
      zip: ["The zip field is required."],
    });
  });
});
