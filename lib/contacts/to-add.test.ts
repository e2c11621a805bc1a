import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { contacts, groupContacts, groups, projectRecipients } from "@/db/schema";
import { createUser, type TestUser } from "@/test/api";
import { createCard, createProject, type CardFixture } from "@/test/fixtures";
import { listContactsToAdd } from "./service";

// The picker's JSON route runs as the signed-in browser session: here, whoever the test says.
const session = vi.hoisted(() => ({ user: null as { id: number; accountType: number } | null }));
vi.mock("@/auth", () => ({ currentUser: async () => session.user }));
const { GET } = await import("@/app/(app)/contacts/page-data/route");

let card: CardFixture;
beforeAll(async () => {
  card = await createCard(await getDb());
});

const ctxOf = (user: TestUser) => ({ db: user.db, user: { id: user.id, accountType: 1 } });

/** Five contacts, Person0 to Person4 in the book's order. */
async function book(user: TestUser): Promise<string[]> {
  const rows = await user.db
    .insert(contacts)
    .values(Array.from({ length: 5 }, (_, i) => ({ userId: user.id, firstName: "Pat", lastName: `Person${i}`, email: `pat${i}@example.org` })))
    .returning({ id: contacts.id, lastName: contacts.lastName });
  return rows.sort((a, b) => a.lastName.localeCompare(b.lastName)).map((row) => row.id);
}

async function projectOf(user: TestUser, recipients: string[]): Promise<string> {
  const project = await createProject(user.db, user.id, card.id);
  if (recipients.length) await user.db.insert(projectRecipients).values(recipients.map((contactId) => ({ projectId: project.id, contactId, userId: user.id })));
  return project.id;
}

async function groupOf(user: TestUser, members: string[]): Promise<number> {
  const [group] = await user.db.insert(groups).values({ userId: user.id, name: "Family" }).returning({ id: groups.id });
  if (members.length) await user.db.insert(groupContacts).values(members.map((contactId) => ({ groupId: group!.id, contactId, userId: user.id })));
  return group!.id;
}

const marks = (items: { id: string; included: boolean }[]) => items.map((item) => [item.id, item.included]);

describe("listContactsToAdd", () => {
  it("marks the contacts already on the project, page after page and in a search", async () => {
    const user = await createUser();
    const ids = await book(user);
    const projectUuid = await projectOf(user, [ids[1]!, ids[3]!]);

    const first = await listContactsToAdd(ctxOf(user), { projectUuid }, { perPage: 3 });
    expect(marks(first.items)).toEqual([
      [ids[0], false],
      [ids[1], true],
      [ids[2], false],
    ]);
    const rest = await listContactsToAdd(ctxOf(user), { projectUuid }, { perPage: 3, cursor: first.nextCursor });
    expect(marks(rest.items)).toEqual([
      [ids[3], true],
      [ids[4], false],
    ]);
    expect(rest.nextCursor).toBeNull();

    const found = await listContactsToAdd(ctxOf(user), { projectUuid }, { query: "person3" });
    expect(marks(found.items)).toEqual([[ids[3], true]]);
    // The contact read is the address book's: family and all.
    expect(found.items[0]).toMatchObject({ firstName: "Pat", lastName: "Person3", children: [], pets: [] });

    const empty = await projectOf(user, []);
    expect((await listContactsToAdd(ctxOf(user), { projectUuid: empty })).items.every((item) => item.included === false)).toBe(true);
  });

  it("marks the group's members, with or without a group filter on the list", async () => {
    const user = await createUser();
    const ids = await book(user);
    const groupId = await groupOf(user, [ids[0]!, ids[4]!]);

    const page = await listContactsToAdd(ctxOf(user), { groupId });
    expect(marks(page.items)).toEqual(ids.map((id, i) => [id, i === 0 || i === 4]));

    const other = await groupOf(user, [ids[4]!, ids[2]!]);
    const filtered = await listContactsToAdd(ctxOf(user), { groupId }, { groupId: other });
    expect(marks(filtered.items)).toEqual([
      [ids[2], false],
      [ids[4], true],
    ]);
  });

  it("refuses another user's project or group, and unknown or malformed ones, as not found", async () => {
    const owner = await createUser();
    const ids = await book(owner);
    const projectUuid = await projectOf(owner, [ids[0]!]);
    const groupId = await groupOf(owner, [ids[0]!]);
    const stranger = ctxOf(await createUser());

    await expect(listContactsToAdd(stranger, { projectUuid })).rejects.toMatchObject({ status: 404, message: "Project not found" });
    await expect(listContactsToAdd(stranger, { projectUuid: "00000000-0000-4000-8000-000000000000" })).rejects.toMatchObject({ status: 404 });
    await expect(listContactsToAdd(stranger, { projectUuid: "not-a-uuid" })).rejects.toMatchObject({ status: 404 });
    await expect(listContactsToAdd(stranger, { groupId })).rejects.toMatchObject({ status: 404, message: "Group not found" });
  });
});

describe("GET /contacts/page-data with a target", () => {
  const get = async (query: string) => {
    const res = await GET(new Request(`http://localhost/contacts/page-data?${query}`), { params: Promise.resolve({}) });
    return { status: res.status, body: await res.json() };
  };

  it("sends each contact marked for the project or the group, and no mark without a target", async () => {
    const user = await createUser();
    session.user = { id: user.id, accountType: 1 };
    const ids = await book(user);
    const projectUuid = await projectOf(user, [ids[2]!]);
    const groupId = await groupOf(user, [ids[1]!]);

    const onProject = await get(`on_project=${projectUuid}`);
    expect(onProject.status).toBe(200);
    expect(onProject.body.items.map((c: { uuid: string; included: boolean }) => [c.uuid, c.included])).toEqual(ids.map((id, i) => [id, i === 2]));

    const inGroup = await get(`in_group=${groupId}&query=person1`);
    expect(inGroup.body.items).toEqual([expect.objectContaining({ uuid: ids[1], name: "Pat Person1", included: true })]);

    const plain = await get("");
    expect(plain.body.items[0]).not.toHaveProperty("included");
  });

  it("answers 422 on a malformed target or both at once, and 404 on another user's", async () => {
    const owner = await createUser();
    const projectUuid = await projectOf(owner, []);
    const groupId = await groupOf(owner, []);
    const user = await createUser();
    session.user = { id: user.id, accountType: 1 };

    for (const query of ["on_project=not-a-uuid", "in_group=x", "in_group=0", `on_project=${projectUuid}&in_group=${groupId}`]) {
      const res = await get(query);
      expect(res.status, query).toBe(422);
      expect(Object.keys(res.body.errors), query).toHaveLength(1);
    }
    expect(await get(`on_project=${projectUuid}`)).toEqual({ status: 404, body: { message: "Project not found" } });
    expect(await get(`in_group=${groupId}`)).toEqual({ status: 404, body: { message: "Group not found" } });
  });
});
