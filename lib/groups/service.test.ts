import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contacts, groupContacts } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { AppError } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { createUser, type TestUser } from "@/test/api";
import { addContactsToGroupSchema } from "./schema";
import { listGroupMembers } from "./members";
import { addContactsToGroup, createGroup, listGroupsWithCounts } from "./service";

const ctxOf = (user: TestUser): ServiceContext => ({ db: user.db, user: { id: user.id, accountType: 1 } });

async function addContacts(user: TestUser, names: [string, string][]): Promise<string[]> {
  const rows = await user.db
    .insert(contacts)
    .values(names.map(([firstName, lastName]) => ({ userId: user.id, firstName, lastName })))
    .returning({ id: contacts.id });
  return rows.map((r) => r.id);
}

async function expectNotFound(promise: Promise<unknown>, message: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(404);
  expect((error as AppError).message).toBe(message);
}

describe("addContactsToGroup", () => {
  it("adds the user's contacts at once, skipping members, duplicates and ids that are not theirs", async () => {
    const user = await createUser();
    const stranger = await createUser();
    const ctx = ctxOf(user);
    const group = await createGroup(ctx, { name: "Holiday cards" });
    const [a, b, c] = await addContacts(user, [
      ["Ann", "Able"],
      ["Ben", "Baker"],
      ["Cy", "Cole"],
    ]);
    const [foreign] = await addContacts(stranger, [["Eve", "Else"]]);

    expect(await addContactsToGroup(ctx, group.id, [a!])).toEqual({ added: 1 });
    const result = await addContactsToGroup(ctx, group.id, { contact_ids: [a!, b!, b!, c!, foreign!, "00000000-0000-4000-8000-000000000000"] });
    expect(result).toEqual({ added: 2 });

    const members = (await listGroupMembers(ctx, group.id, { perPage: 1000 })).items;
    expect(members.map((m) => m.id)).toEqual([a, b, c]);
    const rows = await user.db.select().from(groupContacts).where(eq(groupContacts.groupId, group.id));
    expect(rows.every((r) => r.userId === user.id)).toBe(true);
  });

  it("refuses another user's group and ignores ids that cannot be uuids", async () => {
    const owner = await createUser();
    const other = await createUser();
    const group = await createGroup(ctxOf(owner), { name: "Mine" });
    const [mine] = await addContacts(other, [["Oz", "Other"]]);
    await expectNotFound(addContactsToGroup(ctxOf(other), group.id, [mine!]), "Group not found");
    const own = await createGroup(ctxOf(other), { name: "Own" });
    expect(await addContactsToGroup(ctxOf(other), own.id, ["nope", "1"])).toEqual({ added: 0 });
  });

  it("has a schema that requires 1 to 1000 uuids", () => {
    expect(() => parseInput(addContactsToGroupSchema, { contact_ids: [] })).toThrowError("The contact ids field must have at least 1 item.");
    expect(() => parseInput(addContactsToGroupSchema, { contact_ids: ["x"] })).toThrowError("The contact ids field must be a valid UUID.");
  });
});

describe("listGroupsWithCounts", () => {
  it("counts each group's contacts, empty groups included, ordered by name", async () => {
    const user = await createUser();
    const other = await createUser();
    const ctx = ctxOf(user);
    const family = await createGroup(ctx, { name: "Family" });
    const empty = await createGroup(ctx, { name: "Clients" });
    const friends = await createGroup(ctx, { name: "Friends", description: "Close ones" });
    await createGroup(ctxOf(other), { name: "Another user's" });
    const ids = await addContacts(user, [
      ["A", "A"],
      ["B", "B"],
      ["C", "C"],
    ]);
    await addContactsToGroup(ctx, family.id, ids);
    await addContactsToGroup(ctx, friends.id, [ids[0]!]);

    const groups = await listGroupsWithCounts(ctx);
    expect(groups.map((g) => [g.id, g.name, g.contactsCount])).toEqual([
      [empty.id, "Clients", 0],
      [family.id, "Family", 3],
      [friends.id, "Friends", 1],
    ]);
    expect(groups[2]!.description).toBe("Close ones");
  });
});
