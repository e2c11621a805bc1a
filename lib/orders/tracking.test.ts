import { describe, expect, it } from "vitest";
import { api, createUser } from "@/test/api";
import { createReadyProject } from "@/test/order-fixtures";

async function placeOrder(token: string, userId: number, options: Parameters<typeof createReadyProject>[1] = {}) {
  const ready = await createReadyProject(userId, options);
  const res = await api.post(`/cart/checkout/${ready.project.id}`, { token });
  expect(res.status).toBe(201);
  return { ...ready, orderId: res.body.data.order_id as number };
}

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;

describe("GET /orders/track/{orderId}", () => {
  it("lists every piece of the order under its project with every field, unset ones null", async () => {
    const user = await createUser({ creditCents: 5000 });
    const { project, orderId } = await placeOrder(user.token, user.id, {
      recipients: [
        { firstName: "Grace", lastName: "Hopper", company: "Navy", apt: "4B", internalId: "G-1" },
        { firstName: "Alan", lastName: "Turing", internalId: null, company: null, apt: null, country: null },
      ],
    });

    const res = await api.get(`/orders/track/${orderId}`, { token: user.token });

    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    const [entry] = res.body.data;
    expect(Object.keys(entry).sort()).toEqual(["project_uuid", "recipients"]);
    expect(entry.project_uuid).toBe(project.id);
    const fields = ["address", "apt", "city", "company", "country", "id", "internal_id", "name", "scheduled_delivery_date", "state", "status", "updated_at", "zip"];
    for (const recipient of entry.recipients) {
      expect(Object.keys(recipient).sort()).toEqual(fields);
      expect(recipient.scheduled_delivery_date).toMatch(ISO);
      expect(recipient.updated_at).toMatch(ISO);
      expect(recipient.scheduled_delivery_date).toMatch(/T00:00:00(\.000)?(Z|\+00:00)$/);
      expect(Number.isInteger(recipient.id)).toBe(true);
    }
    expect(entry.recipients[0].id).not.toBe(entry.recipients[1].id);
    expect(entry.recipients[0]).toMatchObject({
      internal_id: "G-1",
      status: "pending",
      name: "Grace Hopper",
      company: "Navy",
      address: "12 Analytical Way",
      apt: "4B",
      city: "London",
      state: "NY",
      zip: "10001",
      country: "US",
    });
    expect(entry.recipients[1]).toMatchObject({ internal_id: null, name: "Alan Turing", company: null, apt: null, country: null });
  });

  it("answers 403 for another user's order", async () => {
    const owner = await createUser({ creditCents: 5000 });
    const other = await createUser();
    const { orderId } = await placeOrder(owner.token, owner.id);
    const res = await api.get(`/orders/track/${orderId}`, { token: other.token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: "Unauthorized access to order tracking information" });
  });

  it("answers 404 for an unknown or malformed order id, and 401 without a token", async () => {
    const user = await createUser();
    for (const id of ["987654", "abc", "1.5", "0", "-3", "99999999999"]) {
      const res = await api.get(`/orders/track/${id}`, { token: user.token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Order not found" });
    }
    expect((await api.get("/orders/track/1")).status).toBe(401);
  });
});

describe("GET /orders", () => {
  it("pages through the user's orders, newest first", async () => {
    const user = await createUser({ creditCents: 10_000 });
    const other = await createUser({ creditCents: 10_000 });
    await placeOrder(other.token, other.id);
    const placed = [];
    for (const recipients of [1, 2, 3]) placed.push(await placeOrder(user.token, user.id, { priceCents: 100, recipients }));

    const first = await api.get("/orders?per_page=2", { token: user.token });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual([
      { order_id: placed[2]!.orderId, created_at: expect.stringMatching(ISO), credit_charged: 3, recipients_count: 3, project_uuids: [placed[2]!.project.id] },
      { order_id: placed[1]!.orderId, created_at: expect.stringMatching(ISO), credit_charged: 2, recipients_count: 2, project_uuids: [placed[1]!.project.id] },
    ]);
    expect(typeof first.body.next_cursor).toBe("string");

    const second = await api.get(`/orders?per_page=2&cursor=${encodeURIComponent(first.body.next_cursor)}`, { token: user.token });
    expect(second.body.data.map((o: { order_id: number }) => o.order_id)).toEqual([placed[0]!.orderId]);
    expect(second.body.next_cursor).toBeNull();

    const all = await api.get("/orders", { token: user.token });
    expect(all.body.data).toHaveLength(3);
    expect(all.body.next_cursor).toBeNull();
  });

  it("validates per_page and the cursor", async () => {
    const user = await createUser();
    for (const query of ["per_page=0", "per_page=101", "per_page=x", "cursor=forged"]) {
      const res = await api.get(`/orders?${query}`, { token: user.token });
      expect(res.status).toBe(422);
    }
    const empty = await api.get("/orders", { token: user.token });
    expect(empty.body).toEqual({ data: [], next_cursor: null });
  });
});
