import { beforeAll, describe, expect, it } from "vitest";
import { api, createUser, type TestUser } from "@/test/api";

async function newLink(user: TestUser) {
  const { body } = await api.post("/address-requests", { token: user.token, body: { message: "Cards soon" } });
  return { id: body.data.id as number, secret: (body.data.url as string).split("/address/")[1]! };
}

let ip = 0;
async function send(secret: string, body: Record<string, unknown>) {
  const res = await api.post(`/address-requests/public/${secret}`, { body, headers: { "x-forwarded-for": `192.0.2.${++ip}` } });
  expect(res.status).toBe(201);
}

const friend = {
  first_name: "Grace",
  last_name: "Hopper",
  email: "GRACE@example.com",
  address: "1 Navy Way",
  apt: "Apt 2",
  city: "Atlanta",
  state: "GA",
  zip: "30301",
  birth_month: 12,
  birth_day: 9,
  birth_year: 1906,
  anniversary_month: 6,
  anniversary_day: 15,
  children: [{ first_name: "Kim" }],
};

async function pendingOf(user: TestUser, linkId: number) {
  return (await api.get(`/address-requests/${linkId}/submissions?status=pending`, { token: user.token })).body.data as Array<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

let owner: TestUser;
beforeAll(async () => {
  owner = await createUser();
});

describe("the owner's review", () => {
  it("accepts a submission without a match: creates the contact, 200 { submission, contact }; twice is 409", async () => {
    const link = await newLink(owner);
    await send(link.secret, { ...friend, email: "new.person@example.com" });
    const [submission] = await pendingOf(owner, link.id);
    expect(submission!.match).toBeNull();
    const res = await api.post(`/address-requests/${link.id}/submissions/${submission!.id}/accept`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data.contact).toMatchObject({ first_name: "Grace", last_name: "Hopper", email: "new.person@example.com", apt: "Apt 2", zip: "30301", birth_year: 1906, notes: null });
    expect(res.body.data.contact.children).toEqual([{ first_name: "Kim", birth_month: null, birth_day: null, birth_year: null }]);
    expect(res.body.data.submission).toMatchObject({ id: submission!.id, status: "accepted", contact_uuid: res.body.data.contact.uuid, match: null });
    expect(res.body.data.submission.decided_at).not.toBeNull();
    const found = await api.get(`/contacts/${res.body.data.contact.uuid}`, { token: owner.token });
    expect(found.status).toBe(200);
    const again = await api.post(`/address-requests/${link.id}/submissions/${submission!.id}/accept`, { token: owner.token });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: "The submission has already been accepted." });
    expect((await api.post(`/address-requests/${link.id}/submissions/${submission!.id}/reject`, { token: owner.token })).status).toBe(409);
  });

  it("shows the contact with the same email (ignoring case) and what accepting would fill; accepting fills only empty parts", async () => {
    const user = await createUser();
    const existing = await api.post("/contacts", {
      token: user.token,
      body: { first_name: "Gracie", last_name: "H", email: "grace@EXAMPLE.com", birth_month: 1, phone: "555-0100", anniversary_day: 3 },
    });
    const link = await newLink(user);
    await send(link.secret, friend);
    const [submission] = await pendingOf(user, link.id);
    // The birthday has a month already, the anniversary a day: neither date is mixed with another.
    expect(submission!.match).toEqual({ contact_uuid: existing.body.data.uuid, fills: ["address", "apt", "city", "state", "zip", "children"] });
    // Nothing changed before the owner's decision.
    const before = await api.get(`/contacts/${submission!.match.contact_uuid}`, { token: user.token });
    expect(before.body.data).toMatchObject({ address: null, first_name: "Gracie" });
    const res = await api.post(`/address-requests/${link.id}/submissions/${submission!.id}/accept`, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.data.contact).toMatchObject({
      uuid: submission!.match.contact_uuid,
      first_name: "Gracie",
      last_name: "H",
      email: "grace@EXAMPLE.com",
      phone: "555-0100",
      address: "1 Navy Way",
      apt: "Apt 2",
      zip: "30301",
      birth_month: 1,
      birth_day: null,
      birth_year: null,
      anniversary_month: null,
      anniversary_day: 3,
    });
    expect(res.body.data.contact.children.map((c: { first_name: string }) => c.first_name)).toEqual(["Kim"]);
    expect((await api.get("/contacts", { token: user.token })).body.data).toHaveLength(1);
    const decided = (await api.get(`/address-requests/${link.id}/submissions?status=accepted`, { token: user.token })).body.data;
    expect(decided).toHaveLength(1);
    expect(decided[0].match).toBeNull();
    expect(decided[0].contact_uuid).toBe(submission!.match.contact_uuid);
  });

  it("rejects a submission: 200 with it rejected, no contact, and it leaves the pending count", async () => {
    const user = await createUser();
    const link = await newLink(user);
    await send(link.secret, friend);
    await send(link.secret, { ...friend, first_name: "Second" });
    expect((await api.get(`/address-requests/${link.id}`, { token: user.token })).body.data.submissions_pending).toBe(2);
    const [latest] = await pendingOf(user, link.id);
    const res = await api.post(`/address-requests/${link.id}/submissions/${latest!.id}/reject`, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: latest!.id, status: "rejected", contact_uuid: null });
    expect((await api.get("/contacts", { token: user.token })).body.data).toEqual([]);
    expect((await api.get(`/address-requests/${link.id}`, { token: user.token })).body.data.submissions_pending).toBe(1);
    expect((await api.post(`/address-requests/${link.id}/submissions/${latest!.id}/reject`, { token: user.token })).body).toEqual({
      message: "The submission has already been rejected.",
    });
  });

  it("pages the submissions newest first and filters them by status", async () => {
    const user = await createUser();
    const link = await newLink(user);
    for (const name of ["One", "Two", "Three"]) await send(link.secret, { ...friend, first_name: name });
    const first = await api.get(`/address-requests/${link.id}/submissions?per_page=2`, { token: user.token });
    expect(first.body.data.map((s: { submitted: { first_name: string } }) => s.submitted.first_name)).toEqual(["Three", "Two"]);
    const second = await api.get(`/address-requests/${link.id}/submissions?per_page=2&cursor=${encodeURIComponent(first.body.next_cursor)}`, { token: user.token });
    expect(second.body.data.map((s: { submitted: { first_name: string } }) => s.submitted.first_name)).toEqual(["One"]);
    expect(second.body.next_cursor).toBeNull();
    expect((await api.get(`/address-requests/${link.id}/submissions?status=maybe`, { token: user.token })).status).toBe(422);
    const otherLink = await newLink(user);
    expect((await api.get(`/address-requests/${otherLink.id}/submissions?cursor=${encodeURIComponent(first.body.next_cursor)}`, { token: user.token })).status).toBe(422);
  });

  it("answers 404 for another account's submission and for one of another link", async () => {
    const user = await createUser();
    const intruder = await createUser();
    const link = await newLink(user);
    const otherLink = await newLink(user);
    const intrudersLink = await newLink(intruder);
    await send(link.secret, friend);
    const [submission] = await pendingOf(user, link.id);
    const wrongLink = await api.post(`/address-requests/${otherLink.id}/submissions/${submission!.id}/accept`, { token: user.token });
    expect(wrongLink.status).toBe(404);
    expect(wrongLink.body).toEqual({ message: "Submission not found" });
    const intruding = await api.post(`/address-requests/${intrudersLink.id}/submissions/${submission!.id}/accept`, { token: intruder.token });
    expect(intruding.status).toBe(404);
    expect((await api.post(`/address-requests/${link.id}/submissions/abc/reject`, { token: user.token })).status).toBe(404);
    expect((await pendingOf(user, link.id))[0]!.status).toBe("pending");
    expect((await api.get("/contacts", { token: intruder.token })).body.data).toEqual([]);
  });

  it("decides a submission once under concurrent decisions: one contact, the others 409", async () => {
    const user = await createUser();
    const link = await newLink(user);
    await send(link.secret, { ...friend, email: "once@example.com" });
    const [submission] = await pendingOf(user, link.id);
    const path = `/address-requests/${link.id}/submissions/${submission!.id}`;
    const answers = await Promise.all([
      api.post(`${path}/accept`, { token: user.token }),
      api.post(`${path}/accept`, { token: user.token }),
      api.post(`${path}/reject`, { token: user.token }),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409, 409]);
    expect((await api.get("/contacts", { token: user.token })).body.data.length).toBeLessThanOrEqual(1);
  });

  it("keeps accepted contacts when the link is deleted", async () => {
    const user = await createUser();
    const link = await newLink(user);
    await send(link.secret, friend);
    const [submission] = await pendingOf(user, link.id);
    const accepted = await api.post(`/address-requests/${link.id}/submissions/${submission!.id}/accept`, { token: user.token });
    await api.delete(`/address-requests/${link.id}`, { token: user.token });
    expect((await api.get(`/contacts/${accepted.body.data.contact.uuid}`, { token: user.token })).status).toBe(200);
  });
});
