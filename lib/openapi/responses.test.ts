import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { getDb } from "@/db/client";
import { DEMO_ACCOUNTS, seedDemo } from "@/lib/demo/seed";
import { call, type ApiResponse } from "@/test/api";
import { createContactRequestExample } from "./examples";
import * as responses from "./responses";

/*
 * Real responses of the API, on the demo data, parsed with the documented response schemas
 * (strict objects: a field added or missing fails) and their status codes looked up in the
 * document, so the reference and the handlers can't drift apart.
 */

type Method = "get" | "post" | "put" | "patch" | "delete";
type Document = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };

let doc: Document;
let demo: string;
let alex: string;

async function login(email: string, password: string, appId = "docs-check"): Promise<string> {
  const res = await request("post", "/auth/login", "/auth/login", responses.tokenResponse, { body: { app_id: appId, email, password } });
  expect(res.status).toBe(200);
  return res.body.data.token;
}

type Options = { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> };

/**
 * Calls `path` (a concrete path under /api/v1), checks that the operation `template` documents
 * the status it answered, and parses the body with `schema` (204: no body at all).
 */
async function request(method: Method, template: string, path: string, schema: z.ZodType | null, options: Options = {}): Promise<ApiResponse> {
  const res = await call(method.toUpperCase(), `/api/v1${path}`, options);
  const documented = doc.paths[template]?.[method]?.responses ?? {};
  expect(Object.keys(documented), `${method.toUpperCase()} ${path} answered ${res.status}: ${res.text.slice(0, 200)}`).toContain(String(res.status));
  if (schema === null) {
    expect(res.text).toBe("");
  } else {
    const parsed = schema.safeParse(res.body);
    expect(parsed.success ? "" : `${method.toUpperCase()} ${path}: ${JSON.stringify(parsed.error.issues, null, 1)}`).toBe("");
  }
  return res;
}

const get = (template: string, path: string, schema: z.ZodType, token = demo) => request("get", template, path, schema, { token });

beforeAll(async () => {
  await seedDemo(await getDb());
  doc = (await call("GET", "/api/v1/openapi.json")).body as Document;
  demo = await login(DEMO_ACCOUNTS.demo.email, DEMO_ACCOUNTS.demo.password);
  alex = await login(DEMO_ACCOUNTS.alex.email, DEMO_ACCOUNTS.alex.password);
});

describe("documented responses match the API", () => {
  it("account", async () => {
    await get("/account", "/account", responses.accountResponse);
    await get("/account", "/account", responses.accountResponse, alex);
  });

  it("contacts: pages both ways, search, read, create, update, delete", async () => {
    const first = await get("/contacts", "/contacts?per_page=5", responses.contactsPageResponse);
    expect(first.body.data).toHaveLength(5);
    const second = await get("/contacts", `/contacts?per_page=5&cursor=${encodeURIComponent(first.body.meta.next_cursor)}`, responses.contactsPageResponse);
    expect(second.body.links.prev).not.toBeNull();
    await get("/contacts", "/contacts?query=a&per_page=100", responses.contactsPageResponse);

    const created = await request("post", "/contacts", "/contacts", responses.contactDataResponse, {
      token: demo,
      body: { ...createContactRequestExample, internal_id: "DOCS-1" },
      headers: { "Idempotency-Key": "docs-create-1" },
    });
    expect(created.status).toBe(201);
    const replay = await request("post", "/contacts", "/contacts", responses.contactDataResponse, {
      token: demo,
      body: { ...createContactRequestExample, internal_id: "DOCS-1" },
      headers: { "Idempotency-Key": "docs-create-1" },
    });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    const uuid = created.body.data.uuid as string;

    await get("/contacts/{uuid}", `/contacts/${uuid}`, responses.contactDataResponse);
    await request("patch", "/contacts/{uuid}", `/contacts/${uuid}`, responses.contactDataResponse, { token: demo, body: { notes: null, pets: [] } });
    await request("delete", "/contacts/{uuid}", `/contacts/${uuid}`, null, { token: demo });
    await request("get", "/contacts/{uuid}", `/contacts/${uuid}`, responses.errorResponse, { token: demo });
  });

  it("contact events of every month", async () => {
    let total = 0;
    for (let month = 1; month <= 12; month++) {
      const res = await get("/contacts/events", `/contacts/events?month=${month}&year=2026`, responses.contactEventsResponse);
      total += res.body.length;
    }
    expect(total).toBeGreaterThan(12);
  });

  it("groups and their contacts", async () => {
    const groups = await get("/groups", "/groups", responses.groupsResponse);
    expect(groups.body.length).toBeGreaterThan(0);
    const existing = groups.body[0].id as number;
    const members = await get("/groups/{groupId}/contacts", `/groups/${existing}/contacts`, responses.groupContactsResponse);
    expect(members.body.length).toBeGreaterThan(0);
    const part = await get("/groups/{groupId}/contacts", `/groups/${existing}/contacts?per_page=1`, responses.groupContactsResponse);
    const next = /^<([^>]+)>; rel="next"$/.exec(part.headers.get("link") ?? "")?.[1];
    expect(next).toBeDefined();
    expect(part.headers.get("x-total-count")).toBe(String(members.body.length));
    await get("/groups/{groupId}/contacts", new URL(next!).href.replace(/^.*\/api\/v1/, ""), responses.groupContactsResponse);
    await get("/groups/{groupId}/contacts", `/groups/${existing}/contacts?cursor=nonsense`, responses.validationErrorResponse);

    const created = await request("post", "/groups", "/groups", responses.groupResponse, { token: demo, body: { name: "Docs group" } });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    await get("/groups/{groupId}", `/groups/${id}`, responses.groupResponse);
    await request("put", "/groups/{groupId}", `/groups/${id}`, responses.groupResponse, { token: demo, body: { name: "Docs group", description: "Checked" } });
    const contact = members.body[0].uuid as string;
    await request("post", "/groups/{groupId}/contacts/{contactId}", `/groups/${id}/contacts/${contact}`, null, { token: demo });
    await request("delete", "/groups/{groupId}/contacts/{contactId}", `/groups/${id}/contacts/${contact}`, null, { token: demo });
    await request("delete", "/groups/{groupId}", `/groups/${id}`, null, { token: demo });
    await request("get", "/groups/{groupId}", `/groups/${id}`, responses.errorResponse, { token: demo });
  });

  it("cards", async () => {
    const page = await get("/cards", "/cards?per_page=100", responses.cardsPageResponse);
    expect(page.body.data.length).toBeGreaterThan(0);
    const small = await get("/cards", "/cards?per_page=2", responses.cardsPageResponse);
    expect(small.body.next_cursor).not.toBeNull();
    await get("/cards/{id}", `/cards/${page.body.data[0].id}`, responses.cardDataResponse);
    await get("/cards/{id}", "/cards/999999", responses.errorResponse);
  });

  it("projects, recipients, checkout, orders and tracking", async () => {
    const projects = await get("/projects", "/projects", responses.projectsPageResponse);
    for (const project of projects.body.data as { uuid: string }[]) {
      await get("/projects/{uuid}", `/projects/${project.uuid}`, responses.projectDetailDataResponse);
    }
    const cards = await get("/cards", "/cards", responses.cardsPageResponse);
    const created = await request("post", "/projects", "/projects", responses.projectDataResponse, {
      token: demo,
      body: { card_id: cards.body.data[0].id, name: "Docs project", automation_message: "Hello!" },
    });
    expect(created.status).toBe(201);
    const uuid = created.body.data.uuid as string;

    const template = "/projects/add-recipients/{projectUuid}";
    const added = await request("post", template, `/projects/add-recipients/${uuid}`, responses.addRecipientsResponse, {
      token: demo,
      body: {
        recipients: [
          { internal_id: "DOCS-R1", first_name: "Ada", last_name: "Byron", address: "1 Way", city: "Austin", state: "TX", zip: "78701", override_message: "Hi Ada" },
          { first_name: "Bo", last_name: "Chen", company: "Chen Co", address: "2 Way", apt: "3", city: "Austin", state: "TX", zip: "78702", children: [{ first_name: "Cy" }] },
        ],
      },
    });
    expect(added.body.data).toEqual({ message: "Recipients added to project", contacts_updated: 0, contacts_created: 2 });
    await get("/projects/{uuid}", `/projects/${uuid}`, responses.projectDetailDataResponse);
    const firstRecipient = await get("/projects/{uuid}/recipients", `/projects/${uuid}/recipients?per_page=1`, responses.projectRecipientsPageResponse);
    await get("/projects/{uuid}/recipients", `/projects/${uuid}/recipients?cursor=${encodeURIComponent(firstRecipient.body.next_cursor)}`, responses.projectRecipientsPageResponse);
    await get("/projects/{uuid}/recipients", "/projects/3f0e8a52-1111-4222-8333-944445555666/recipients", responses.errorResponse);

    const checkout = await request("post", "/cart/checkout/{projectUuid}", `/cart/checkout/${uuid}`, responses.checkoutResponse, {
      token: demo,
      headers: { "Idempotency-Key": "docs-checkout-1" },
    });
    expect(checkout.status).toBe(201);
    await request("post", "/cart/checkout/{projectUuid}", `/cart/checkout/${uuid}`, responses.errorResponse, { token: demo });

    const orders = await get("/orders", "/orders", responses.ordersPageResponse);
    expect(orders.body.data.length).toBeGreaterThanOrEqual(2);
    for (const order of orders.body.data as { order_id: number }[]) {
      await get("/orders/track/{orderId}", `/orders/track/${order.order_id}`, responses.orderTrackingResponse);
    }
    await get("/orders/track/{orderId}", `/orders/track/${checkout.body.data.order_id}`, responses.errorResponse, alex);
    await get("/orders/track/{orderId}", "/orders/track/99999999", responses.errorResponse);
    await request("post", template, `/projects/add-recipients/${uuid}`, responses.errorResponse, {
      token: alex,
      body: { recipients: [{ first_name: "A", last_name: "B", address: "1", city: "C", state: "D", zip: "1" }] },
    });
  });

  it("automations, their upcoming sends and runs", async () => {
    const list = await get("/automations", "/automations", responses.automationsResponse);
    const id = (list.body.data as { id: number }[])[0]!.id;
    await get("/automations/{automationId}", `/automations/${id}`, responses.automationDataResponse);
    await get("/automations/{automationId}/upcoming", `/automations/${id}/upcoming?days=366`, responses.upcomingResponse);
    await get("/automations/{automationId}/runs", `/automations/${id}/runs`, responses.automationRunsPageResponse);
    await get("/automations/{automationId}", `/automations/${id}`, responses.errorResponse, alex);
    const cards = await get("/cards", "/cards", responses.cardsPageResponse);
    const created = await request("post", "/automations", "/automations", responses.automationDataResponse, {
      token: alex,
      body: { name: "Anniversaries", card_id: cards.body.data[0].id, events: ["anniversary"], message: "{years} years!" },
    });
    const path = `/automations/${created.body.data.id}`;
    await request("patch", "/automations/{automationId}", path, responses.automationDataResponse, { token: alex, body: { active: false } });
    await request("patch", "/automations/{automationId}", path, responses.validationErrorResponse, { token: alex, body: { days_before: 99 } });
    await request("delete", "/automations/{automationId}", path, null, { token: alex });
    await request("delete", "/automations/{automationId}", path, responses.errorResponse, { token: alex });
  });

  it("address requests, the public submit and the review", async () => {
    const created = await request("post", "/address-requests", "/address-requests", responses.addressRequestDataResponse, { token: alex, body: { message: "Cards!" } });
    const id = created.body.data.id as number;
    const secret = (created.body.data.url as string).split("/address/")[1]!;
    const path = `/address-requests/${id}`;
    await get("/address-requests", "/address-requests", responses.addressRequestsPageResponse, alex);
    await get("/address-requests/{requestId}", path, responses.addressRequestDataResponse, alex);
    await get("/address-requests/{requestId}", path, responses.errorResponse, demo);
    await request("patch", "/address-requests/{requestId}", path, responses.validationErrorResponse, { token: alex, body: { open: 3 } });
    const submit = (body: unknown, schema: z.ZodType) =>
      request("post", "/address-requests/public/{secret}", `/address-requests/public/${secret}`, schema, { body, headers: { "x-forwarded-for": "192.0.2.99" } });
    await submit({ first_name: "Ada" }, responses.validationErrorResponse);
    await submit({ first_name: "Ada", last_name: "Byron", email: "ada@example.com", address: "1 Main St", city: "Atlanta", state: "GA", zip: "30301", children: [{ first_name: "Kim" }] }, responses.submissionReceivedResponse);
    await submit({ first_name: "Bo", last_name: "Byron", address: "1 Main St", city: "Atlanta", state: "GA", zip: "30301" }, responses.submissionReceivedResponse);
    const listed = await get("/address-requests/{requestId}/submissions", `${path}/submissions`, responses.addressSubmissionsPageResponse, alex);
    const [second, first] = listed.body.data as { id: number }[];
    const decide = (sid: number, action: string, schema: z.ZodType) =>
      request("post", `/address-requests/{requestId}/submissions/{submissionId}/${action}`, `${path}/submissions/${sid}/${action}`, schema, { token: alex });
    await decide(first!.id, "accept", responses.acceptedSubmissionResponse);
    await decide(first!.id, "accept", responses.errorResponse);
    await decide(second!.id, "reject", responses.addressSubmissionDataResponse);
    await request("patch", "/address-requests/{requestId}", path, responses.addressRequestDataResponse, { token: alex, body: { open: false } });
    await submit({}, responses.errorResponse);
    await request("delete", "/address-requests/{requestId}", path, null, { token: alex });
  });

  it("insufficient credit", async () => {
    const projects = await get("/projects", "/projects", responses.projectsPageResponse, alex);
    let refused = 0;
    for (const project of projects.body.data as { uuid: string }[]) {
      const res = await call("POST", `/api/v1/cart/checkout/${project.uuid}`, { token: alex });
      if (res.status !== 402) continue;
      refused += 1;
      expect(responses.insufficientCreditResponse.safeParse(res.body).success).toBe(true);
    }
    expect(refused).toBeGreaterThan(0);
  });

  it("errors", async () => {
    await request("get", "/account", "/account", responses.errorResponse);
    await request("get", "/contacts", "/contacts?per_page=101", responses.validationErrorResponse, { token: demo });
    await request("get", "/contacts", "/contacts?cursor=nope", responses.validationErrorResponse, { token: demo });
    await request("get", "/contacts/events", "/contacts/events?month=13", responses.validationErrorResponse, { token: demo });
    await request("post", "/contacts", "/contacts", responses.validationErrorResponse, { token: demo, body: { children: [{ birth_month: 13 }] } });
    await request("post", "/contacts", "/contacts", responses.errorResponse, { token: demo, rawBody: "{not json", headers: { "content-type": "application/json" } });
    await request("post", "/projects", "/projects", responses.validationErrorResponse, { token: demo, body: { card_id: 999999, name: "x" } });
    await request("post", "/auth/login", "/auth/login", responses.validationErrorResponse, { body: { email: "nope" } });
  });

  it("logout, then the token is refused", async () => {
    // Its own app_id: a login revokes only the token of the same app_id.
    const token = await login(DEMO_ACCOUNTS.demo.email, DEMO_ACCOUNTS.demo.password, "docs-logout");
    await request("post", "/auth/logout", "/auth/logout", responses.logoutResponse, { token });
    await request("get", "/account", "/account", responses.errorResponse, { token });
  });

  it("login throttling", async () => {
    const body = { app_id: "docs-check", email: DEMO_ACCOUNTS.alex.email, password: "wrong-password" };
    const headers = { "x-forwarded-for": "203.0.113.7" };
    for (let attempt = 0; attempt < 5; attempt++) {
      await request("post", "/auth/login", "/auth/login", responses.errorResponse, { body, headers });
    }
    const throttled = await request("post", "/auth/login", "/auth/login", responses.errorResponse, { body, headers });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
