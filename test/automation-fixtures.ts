import { getDb } from "@/db/client";
import { contactChildren, contactPets, contacts, groupContacts, groups, type NewContactRow } from "@/db/schema";
import { api, type TestUser } from "@/test/api";

let sequence = 0;

/** A contact of the user with a full mailing address unless the fields say otherwise. */
export async function addContact(userId: number, fields: Partial<NewContactRow> = {}) {
  const db = await getDb();
  sequence += 1;
  const [row] = await db
    .insert(contacts)
    .values({
      userId,
      firstName: "Ada",
      lastName: `Lovelace${sequence}`,
      // One address each: contacts at one address share their cards (households).
      address: `${sequence} Analytical Way`,
      city: "Springfield",
      state: "IL",
      zip: "62701",
      country: "US",
      ...fields,
    })
    .returning({ id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName });
  return row!;
}

export async function addChild(userId: number, contactId: string, child: { firstName: string; birthMonth: number; birthDay: number; birthYear?: number | null }) {
  const db = await getDb();
  const [row] = await db
    .insert(contactChildren)
    .values({ userId, contactId, position: 0, birthYear: null, ...child })
    .returning({ id: contactChildren.id });
  return row!;
}

export async function addPet(userId: number, contactId: string, pet: { name: string; birthMonth: number; birthDay: number; birthYear?: number | null }) {
  const db = await getDb();
  const [row] = await db
    .insert(contactPets)
    .values({ userId, contactId, position: 0, birthYear: null, ...pet })
    .returning({ id: contactPets.id });
  return row!;
}

export async function addGroup(userId: number, contactIds: string[]) {
  const db = await getDb();
  const [group] = await db.insert(groups).values({ userId, name: `Group ${++sequence}` }).returning({ id: groups.id });
  if (contactIds.length > 0) await db.insert(groupContacts).values(contactIds.map((contactId) => ({ groupId: group!.id, contactId, userId })));
  return group!;
}

/** An automation created through the API; the body's fields override a birthday automation of everyone. */
export async function createAutomation(user: TestUser, cardId: number, fields: Record<string, unknown> = {}) {
  const res = await api.post("/automations", {
    token: user.token,
    body: { name: "Birthdays", card_id: cardId, events: ["birthday"], message: "Happy birthday, {first_name}!", ...fields },
  });
  if (res.status !== 201) throw new Error(`createAutomation: ${res.status} ${res.text}`);
  return res.body.data as { id: number; [key: string]: unknown };
}
