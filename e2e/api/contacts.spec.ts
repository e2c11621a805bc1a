import { expect, request as requestFactory, test } from "@playwright/test";
import { apiToken, signUpOverHttp, type Credentials } from "../support/accounts";

/** A new account and a token for it; its own cookie jar so that only the token speaks. */
async function newApiUser(baseURL: string | undefined, label: string): Promise<{ user: Credentials; token: string }> {
  const jar = await requestFactory.newContext({ baseURL });
  try {
    const user = await signUpOverHttp(jar, label);
    return { user, token: await apiToken(jar, user, `e2e-${label}`) };
  } finally {
    await jar.dispose();
  }
}

test.describe("API contacts", () => {
  test("create a contact with a child and a pet, read it, find it, delete it", async ({ request, baseURL }) => {
    const { token } = await newApiUser(baseURL, "api-contacts");
    const auth = { authorization: `Bearer ${token}` };

    const created = await request.post("/api/v1/contacts", {
      headers: auth,
      data: {
        first_name: "Rosa",
        last_name: "Delgado",
        email: "rosa.delgado@example.org",
        address: "12 Harbor Drive",
        city: "Portland",
        state: "OR",
        zip: "97214",
        birth_month: 5,
        birth_day: 14,
        children: [{ first_name: "Iris", birth_month: 2, birth_day: 3, birth_year: 2018 }],
        pets: [{ name: "Pico", secondary_type: "dog" }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const contact = ((await created.json()) as { data: Record<string, unknown> }).data;
    expect(contact).toMatchObject({
      first_name: "Rosa",
      last_name: "Delgado",
      internal_id: null,
      spouse_first_name: null,
      children: [{ first_name: "Iris", birth_month: 2, birth_day: 3, birth_year: 2018 }],
      pets: [{ name: "Pico", secondary_type: "dog", birth_month: null }],
    });
    const uuid = contact.uuid as string;

    const read = await request.get(`/api/v1/contacts/${uuid}`, { headers: auth });
    expect(read.status()).toBe(200);
    expect(((await read.json()) as { data: { uuid: string } }).data.uuid).toBe(uuid);

    const search = await request.get("/api/v1/contacts?query=delga", { headers: auth });
    expect(search.status()).toBe(200);
    const page = (await search.json()) as { data: { uuid: string }[]; links: { prev: unknown }; meta: { per_page: number } };
    expect(page.data.map((c) => c.uuid)).toEqual([uuid]);
    expect(page.meta.per_page).toBe(15);
    expect(page.links.prev).toBeNull();

    const removed = await request.delete(`/api/v1/contacts/${uuid}`, { headers: auth });
    expect(removed.status()).toBe(204);
    const gone = await request.get(`/api/v1/contacts/${uuid}`, { headers: auth });
    expect(gone.status()).toBe(404);
    expect(await gone.json()).toEqual({ message: "Contact not found" });
  });

  test("validation errors are 422 with dotted field paths", async ({ request, baseURL }) => {
    const { token } = await newApiUser(baseURL, "api-invalid");
    const response = await request.post("/api/v1/contacts", {
      headers: { authorization: `Bearer ${token}` },
      data: { last_name: "Nobody", birth_month: 13, children: [{ birth_day: 2 }] },
    });
    expect(response.status()).toBe(422);
    const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.errors["first_name"]).toEqual(["The first name field is required."]);
    expect(Object.keys(body.errors)).toEqual(expect.arrayContaining(["birth_month", "children.0.first_name"]));
  });

  test("another user's contact is 404 Contact not found", async ({ request, baseURL }) => {
    const [owner, stranger] = await Promise.all([newApiUser(baseURL, "api-owner"), newApiUser(baseURL, "api-stranger")]);
    const created = await request.post("/api/v1/contacts", {
      headers: { authorization: `Bearer ${owner.token}` },
      data: { first_name: "Private", last_name: "Person" },
    });
    expect(created.status()).toBe(201);
    const uuid = ((await created.json()) as { data: { uuid: string } }).data.uuid;

    for (const method of ["get", "delete"] as const) {
      const response = await request[method](`/api/v1/contacts/${uuid}`, { headers: { authorization: `Bearer ${stranger.token}` } });
      expect(response.status(), method).toBe(404);
      expect(await response.json()).toEqual({ message: "Contact not found" });
    }
    const stillThere = await request.get(`/api/v1/contacts/${uuid}`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(stillThere.status()).toBe(200);
  });
});
