import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { updateContact } from "@/lib/contacts/service";
import { checkoutProject } from "@/lib/orders/service";
import { projectRecipientsPageResponse, projectDetailDataResponse } from "@/lib/openapi/responses";
import { api, createUser, type TestUser } from "@/test/api";
import { createCard, createProject, type CardFixture } from "@/test/fixtures";
import { listAddressProblems } from "./address-checks";

let owner: TestUser;
let card: CardFixture;

beforeAll(async () => {
  owner = await createUser({ creditCents: 10_000 });
  card = await createCard(await getDb(), { priceCents: 300 });
});

const ctxOf = (user: TestUser) => ({ db: user.db, user: { id: user.id, accountType: 1 } });

const good = { first_name: "Ada", last_name: "Byron", address: "12 Peachtree St", city: "Atlanta", state: "GA", zip: "30301" };
const wrongState = { first_name: "Grace", last_name: "Hopper", address: "3140 Elm St", city: "Atlanta", state: "Georgia", zip: "97201" };
const madeUp = { first_name: "Alan", last_name: "Turing", address: "1 Any Road", city: "Macon", state: "GA", zip: "3140" };
const abroad = { first_name: "Linus", last_name: "Torvalds", address: "Mannerheimintie 1", city: "Helsinki", state: "Uusimaa", zip: "ABC", country: "Finland" };

async function projectWith(recipients: object[]) {
  const project = await createProject(owner.db, owner.id, card.id, { automationMessage: "Hello {first_name}" });
  const res = await api.post(`/projects/add-recipients/${project.id}`, { token: owner.token, body: { recipients } });
  expect(res.status).toBe(200);
  return project;
}

describe("address_warnings on a project's recipients", () => {
  it("GET /projects/{uuid} flags each recipient whose address would not arrive, with a message to read, and documents it", async () => {
    const project = await projectWith([good, wrongState, madeUp, abroad]);
    const res = await api.get(`/projects/${project.id}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(projectDetailDataResponse.safeParse(res.body).success).toBe(true);
    const warnings = Object.fromEntries(
      (res.body.data.recipients as { first_name: string; address_warnings: unknown }[]).map((r) => [r.first_name, r.address_warnings]),
    );
    expect(warnings).toEqual({
      Ada: [],
      Grace: [{ field: "zip", message: "This ZIP code is in Oregon, not Georgia" }],
      Alan: [{ field: "zip", message: "“3140” is not a ZIP code: a ZIP code has 5 digits, like 30301" }],
      Linus: [{ field: "zip", message: "“ABC” is not a postal code in Finland" }],
    });

    const page = await api.get(`/projects/${project.id}/recipients?per_page=2`, { token: owner.token });
    expect(page.status).toBe(200);
    expect(projectRecipientsPageResponse.safeParse(page.body).success).toBe(true);
    expect(page.body.data.map((r: { address_warnings: unknown[] }) => r.address_warnings.length)).toEqual([0, 1]);

    const document = await api.get("/openapi.json");
    const schema = document.body.components.schemas.ProjectRecipient;
    expect(schema.properties.address_warnings).toMatchObject({ type: "array", "x-extension": true });
    expect(schema.required).toContain("address_warnings");
  });

  it("lists the flagged recipients the next checkout would mail; checkout still mails them all; a fixed address drops off", async () => {
    const project = await projectWith([good, wrongState, madeUp]);
    const ctx = ctxOf(owner);
    const before = await listAddressProblems(ctx, project.id);
    expect(before.total).toBe(2);
    expect(before.recipients.map((r) => [r.lastName, r.warnings.map((w) => w.message)])).toEqual([
      ["Hopper", ["This ZIP code is in Oregon, not Georgia"]],
      ["Turing", ["“3140” is not a ZIP code: a ZIP code has 5 digits, like 30301"]],
    ]);
    expect((await listAddressProblems(ctx, project.id, 1)).recipients).toHaveLength(1);

    const grace = before.recipients[0]!;
    await updateContact(ctx, grace.contactId, { zip: "30303" });
    expect((await listAddressProblems(ctx, project.id)).recipients.map((r) => r.lastName)).toEqual(["Turing"]);

    // The specification's checkout: every recipient is mailed, warnings or not.
    const order = await checkoutProject(ctx, project.id);
    expect(order.creditChargedCents).toBe(900);
    expect(await listAddressProblems(ctx, project.id)).toEqual({ total: 0, recipients: [] });
  });

  it("answers 404 for another user's project", async () => {
    const project = await projectWith([madeUp]);
    await expect(listAddressProblems(ctxOf(await createUser()), project.id)).rejects.toMatchObject({ status: 404, message: "Project not found" });
  });
});
