import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/openapi/document";
import { api, call, createUser, type ApiResponse } from "@/test/api";
import { bodyText, describeRequest, hostileRequest, type KnownIds, type Operation } from "@/test/hostile-requests";
import { createCard, createReadyProject } from "@/test/order-fixtures";

// Whatever a client sends, every operation of the document answers with a JSON status below
// 500: hostile input is the client's error (400/404/405/413/422...), never a crash or an HTML page.

const SEED = 20261124;

type JsonSchema = Record<string, unknown>;

const fileTypes = new Map<string, string[]>();

function documentedOperations(): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(openApiDocument().paths ?? {})) {
    for (const [method, value] of Object.entries(item ?? {})) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      const op = value as {
        parameters?: Operation["parameters"];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        responses?: Record<string, { content?: Record<string, unknown> }>;
      };
      operations.push({ method: method.toUpperCase(), path, parameters: op.parameters ?? [], requestSchema: op.requestBody?.content?.["application/json"]?.schema });
      // A file download (the export, the calendar feed) answers its own media type on success; its errors are JSON.
      fileTypes.set(`${method.toUpperCase()} ${path}`, Object.keys(op.responses?.["200"]?.content ?? {}).filter((type) => type !== "application/json"));
    }
  }
  return operations;
}

const components = (openApiDocument().components?.schemas ?? {}) as Record<string, JsonSchema>;
const operations = documentedOperations();
// 20 requests per operation in `npm test`; `npm run test:hostile` spreads HOSTILE_REQUESTS (10,000)
// over the operations with the same seed.
const RUNS = process.env.HOSTILE_REQUESTS ? Math.ceil(Number(process.env.HOSTILE_REQUESTS) / operations.length) : 20;

/** A user who owns some of everything: contacts, a group with a member, cards, projects, orders. */
async function userWithData(): Promise<{ token: string; ids: KnownIds }> {
  const user = await createUser({ creditCents: 1_000_000 });
  const contact = await api.post("/contacts", { token: user.token, body: { first_name: "Ada", last_name: "Lovelace" } });
  await api.post("/contacts", { token: user.token, body: { first_name: "Grace", last_name: "Hopper" } });
  const group = await api.post("/groups", { token: user.token, body: { name: "Family" } });
  await api.post(`/groups/${group.body.id}/contacts/${contact.body.data.uuid}`, { token: user.token });
  const card = await createCard();
  const open = await createReadyProject(user.id, { recipients: 1 });
  const ordered = await createReadyProject(user.id, { recipients: 1 });
  const checkout = await api.post(`/cart/checkout/${ordered.project.id}`, { token: user.token });
  expect(checkout.status).toBe(201);
  const another = await createReadyProject(user.id, { recipients: 1 });
  expect((await api.post(`/cart/checkout/${another.project.id}`, { token: user.token })).status).toBe(201);
  const cursors = [];
  for (const list of ["/contacts", "/cards", "/projects", "/orders"]) {
    const page = await api.get(`${list}?per_page=1`, { token: user.token });
    cursors.push(page.body.next_cursor ?? page.body.meta?.next_cursor);
  }
  const ids = { contact: contact.body.data.uuid as string, group: group.body.id as number, card: card.id, project: open.project.id, order: checkout.body.data.order_id as number };
  return {
    token: user.token,
    ids: {
      uuids: [ids.contact, ids.project, ordered.project.id],
      ints: [ids.group, ids.card, open.card.id, ids.order],
      path: {
        uuid: [ids.contact, ids.project],
        contactId: [ids.contact],
        projectUuid: [ids.project, ordered.project.id],
        groupId: [String(ids.group)],
        id: [String(ids.card)],
        orderId: [String(ids.order)],
      },
      // Real cursors (each list has a second page), offered to every list, as they are and altered.
      query: { cursor: cursors.filter((cursor): cursor is string => typeof cursor === "string") },
    },
  };
}

/** What is wrong with a response to a hostile request, if anything. */
function responseProblem(res: ApiResponse, operation: Operation): string | undefined {
  if (res.status >= 500) return `status ${res.status}`;
  if (res.status === 204) return res.text === "" ? undefined : "a 204 with a body";
  const type = res.headers.get("content-type") ?? "";
  if (res.status === 200 && fileTypes.get(`${operation.method} ${operation.path}`)?.includes(type.split(";")[0]!.trim())) return undefined;
  if (!type.includes("application/json")) return `content-type ${type || "missing"}`;
  try {
    JSON.parse(res.text);
    return undefined;
  } catch {
    return "a body that is not JSON";
  }
}

describe("hostile input to every documented operation", () => {
  it("covers the whole document", () => {
    expect(operations.length).toBeGreaterThan(20);
  });

  for (const op of operations) {
    it(`${op.method} ${op.path} answers JSON below 500`, { timeout: 60_000 + RUNS * 250 }, async () => {
      const { token, ids } = await userWithData();
      await fc.assert(
        fc.asyncProperty(hostileRequest(op, components, ids), async (request) => {
          const json = request.body === undefined ? {} : { rawBody: bodyText(request.body), headers: { "content-type": "application/json", ...request.headers } };
          const res = await call(request.method, request.path, { token, rawBody: request.rawBody, headers: request.headers, ...json });
          const problem = responseProblem(res, op);
          if (problem) throw new Error(`${op.method} ${op.path}: ${problem} ${res.text.slice(0, 300)}\nrequest: ${describeRequest(request)}`);
        }),
        { seed: SEED, numRuns: RUNS },
      );
    });
  }
});
