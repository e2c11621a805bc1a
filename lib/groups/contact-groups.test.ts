import { describe, expect, it } from "vitest";
import { contacts } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { createUser, type TestUser } from "@/test/api";
import { listContactGroups } from "./contact-groups";
import { addContactToGroup, createGroup } from "./service";

const ctxOf = (user: TestUser): ServiceContext => ({ db: user.db, user: { id: user.id, accountType: 1 } });

async function addContact(user: TestUser, firstName: string): Promise<string> {
  const [row] = await user.db.insert(contacts).values({ userId: user.id, firstName, lastName: "Test" }).returning({ id: contacts.id });
  return row!.id;
}

describe("listContactGroups", () => {
  it("lists the groups a contact belongs to, by name", async () => {
    const user = await createUser();
    const ctx = ctxOf(user);
    const contact = await addContact(user, "Ann");
    const other = await addContact(user, "Ben");
    const work = await createGroup(ctx, { name: "Work" });
    const family = await createGroup(ctx, { name: "Family" });
    await createGroup(ctx, { name: "Book club" });
    await addContactToGroup(ctx, work.id, contact);
    await addContactToGroup(ctx, family.id, contact);
    await addContactToGroup(ctx, work.id, other);

    expect((await listContactGroups(ctx, contact)).map((g) => g.name)).toEqual(["Family", "Work"]);
    expect(await listContactGroups(ctx, "not-a-uuid")).toEqual([]);
  });

  it("shows nothing of another user's contact", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const contact = await addContact(owner, "Ann");
    const group = await createGroup(ctxOf(owner), { name: "Family" });
    await addContactToGroup(ctxOf(owner), group.id, contact);

    expect(await listContactGroups(ctxOf(stranger), contact)).toEqual([]);
  });
});
