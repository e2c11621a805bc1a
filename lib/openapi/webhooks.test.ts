import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execute, getDb } from "@/db/client";
import { orderRecipients, webhookDeliveries, webhookEvents } from "@/db/schema";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/db/schema/webhooks";
import { runDueAutomations } from "@/lib/automations/scheduler";
import { resetConfig } from "@/lib/config";
import { startJobRunner } from "@/lib/jobs/runner";
import { cancelOrderRecipient } from "@/lib/orders/status-changes";
import { requestBody } from "@/lib/webhooks/delivery";
import { WEBHOOK_PAYLOADS } from "./webhooks";
import { api, createUser } from "@/test/api";
import { addContact, createAutomation } from "@/test/automation-fixtures";
import { createCard, createReadyProject } from "@/test/order-fixtures";
import { buildOpenApiDocument } from "./document";
import { WEBHOOK_PAYLOAD_COMPONENTS } from "./webhooks";

type Schema = { $ref?: string; required?: string[]; properties?: Record<string, Schema>; enum?: unknown[]; default?: unknown };
type Document = {
  webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: Schema }> } } }>;
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>;
  components: { schemas: Record<string, Schema> };
};

const doc = buildOpenApiDocument() as unknown as Document;
const component = (schema: Schema) => doc.components.schemas[schema.$ref!.replace("#/components/schemas/", "")]!;

describe("request bodies in their input form", () => {
  it("leaves a defaulted field of createAutomation and createWebhook optional, for client generators too", () => {
    const body = (path: string) => component(doc.paths[path]!.post!.requestBody!.content["application/json"]!.schema);
    for (const [path, defaulted] of [
      ["/automations", ["group_id", "days_before", "active"]],
      ["/webhooks", ["active"]],
    ] as const) {
      const schema = body(path);
      for (const field of defaulted) {
        expect(schema.required, `${path} ${field}`).not.toContain(field);
        // openapi-typescript makes a field with a `default` required in a component's type.
        expect(schema.properties![field]!.default, `${path} ${field}`).toBeUndefined();
        expect(schema.properties![field]).toMatchObject({ description: expect.stringMatching(/Defaults to \S+ when left out\.$/) });
      }
    }
  });
});

/** The request body the app sends for each event the account's endpoint got, built by the app's own builder. */
async function sentBodies(endpointId: string): Promise<{ type: WebhookEventType; body: string }[]> {
  const db = await getDb();
  const events = await db
    .select({ type: webhookEvents.type, createdAt: webhookEvents.createdAt, payload: webhookEvents.payload })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(asc(webhookDeliveries.id));
  return events.map((event) => ({ type: event.type as WebhookEventType, body: requestBody(event.type, new Date(event.createdAt), event.payload as Record<string, unknown>) }));
}

describe("the document's webhooks", () => {
  beforeAll(async () => {
    // pg-boss's schema, which recording an event queues its deliveries in; no worker runs.
    await (await startJobRunner({ db: await getDb(), fulfilmentStepSeconds: 0, webhooks: false })).stop();
    // The endpoint is never called: a local address that needs no name resolved.
    process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "true";
    resetConfig();
  });

  afterAll(() => {
    delete process.env.WEBHOOK_ALLOW_PRIVATE_URLS;
    resetConfig();
  });

  it("has one entry per event type, its body the payload schema the app's events are parsed with", async () => {
    expect(Object.keys(doc.webhooks)).toEqual([...WEBHOOK_EVENT_TYPES]);

    const user = await createUser({ creditCents: 0 });
    const created = await api.post("/webhooks", { token: user.token, body: { url: "http://127.0.0.1:9/document-check", events: [...WEBHOOK_EVENT_TYPES] } });
    expect(created.status).toBe(201);
    const endpointId = created.body.data.id as string;

    // Every event type, from the code paths that send it.
    const card = await createCard({ priceCents: 300 });
    await addContact(user.id, { firstName: "Ada", lastName: "Byron", birthMonth: 12, birthDay: 10 });
    const automation = await createAutomation(user, card.id, { active: false });
    await api.patch(`/automations/${automation.id}`, { token: user.token, body: { active: true } });
    const db = await getDb();
    const now = new Date("2030-12-03T00:01:00Z");
    await runDueAutomations(db, { now, automationId: automation.id });
    await execute(db, sql`update users set credit_cents = 10000 where id = ${user.id}::int`);
    await runDueAutomations(db, { now, automationId: automation.id });
    const ready = await createReadyProject(user.id, { priceCents: 250, recipients: 1 });
    const checkout = await api.post(`/cart/checkout/${ready.project.id}`, { token: user.token });
    expect(checkout.status).toBe(201);
    const [piece] = await db.select().from(orderRecipients).where(eq(orderRecipients.orderId, checkout.body.data.order_id));
    await cancelOrderRecipient({ db, user: { id: user.id, accountType: 1 } }, piece!.id);
    expect((await api.post(`/webhooks/${endpointId}/test`, { token: user.token })).status).toBe(202);
    const link = await api.post("/address-requests", { token: user.token, body: {} });
    const secret = (link.body.data.url as string).split("/address/")[1]!;
    const friend = { first_name: "Ada", last_name: "Byron", address: "1 Main St", city: "Atlanta", state: "GA", zip: "30301" };
    expect((await api.post(`/address-requests/public/${secret}`, { body: friend, headers: { "x-forwarded-for": "192.0.2.10" } })).status).toBe(201);

    const bodies = await sentBodies(endpointId);
    expect(new Set(bodies.map((b) => b.type))).toEqual(new Set(WEBHOOK_EVENT_TYPES));
    for (const { type, body } of bodies) {
      const schema = doc.webhooks[type]!.post.requestBody.content["application/json"]!.schema;
      expect(schema.$ref).toBe(`#/components/schemas/${WEBHOOK_PAYLOAD_COMPONENTS[type]}`);
      expect(component(schema).properties!.type!.enum).toEqual([type]);
      expect(Object.keys(component(schema).properties!)).toEqual(["type", "timestamp", "data"]);
      // The component is generated from this very instance (strict objects: a field added or missing fails).
      const parsed = WEBHOOK_PAYLOADS[type].safeParse(JSON.parse(body));
      expect(parsed.success ? "" : `${type}: ${JSON.stringify(parsed.error.issues)}`).toBe("");
    }
  });
});
