import { expect, type APIRequestContext } from "@playwright/test";
import { apiToken } from "./accounts";

type Contact = { uuid: string; first_name: string; last_name: string };

/** Quick setup through the partner API (the flows under test go through the pages). */
export class ApiClient {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async signIn(request: APIRequestContext, account: { email: string; password: string }): Promise<ApiClient> {
    return new ApiClient(request, await apiToken(request, account, `e2e-setup-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`));
  }

  private get headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  async createContact(data: Record<string, unknown>): Promise<Contact> {
    const response = await this.request.post("/api/v1/contacts", { headers: this.headers, data });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { data: Contact }).data;
  }

  /** Every contact of the account (a first page of up to 100), with their family. */
  async listContacts(): Promise<(Contact & { city: string | null; children: { first_name: string }[] })[]> {
    const response = await this.request.get("/api/v1/contacts?per_page=100", { headers: this.headers });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { data: (Contact & { city: string | null; children: { first_name: string }[] })[] }).data;
  }

  async createGroup(name: string, members: Contact[] = []): Promise<{ id: number; name: string }> {
    const response = await this.request.post("/api/v1/groups", { headers: this.headers, data: { name } });
    expect(response.status(), await response.text()).toBe(201);
    const group = (await response.json()) as { id: number; name: string };
    for (const member of members) {
      const added = await this.request.post(`/api/v1/groups/${group.id}/contacts/${member.uuid}`, { headers: this.headers });
      expect(added.status(), await added.text()).toBe(204);
    }
    return group;
  }

  /** Every group of the account with its members' names ("First Last"), sorted. */
  async groupMembers(): Promise<Record<string, string[]>> {
    const response = await this.request.get("/api/v1/groups", { headers: this.headers });
    expect(response.status(), await response.text()).toBe(200);
    const groups = (await response.json()) as { id: number; name: string }[];
    const members: Record<string, string[]> = {};
    for (const group of groups) {
      const listed = await this.request.get(`/api/v1/groups/${group.id}/contacts`, { headers: this.headers });
      expect(listed.status(), await listed.text()).toBe(200);
      const body = (await listed.json()) as Contact[] | { data: Contact[] };
      members[group.name] = (Array.isArray(body) ? body : body.data).map((c) => `${c.first_name} ${c.last_name}`).sort();
    }
    return members;
  }

  /** The first active card in the catalog. */
  async firstCard(): Promise<{ id: number; name: string; price: string }> {
    const cards = await this.request.get("/api/v1/cards?per_page=1", { headers: this.headers });
    expect(cards.status(), await cards.text()).toBe(200);
    const [card] = ((await cards.json()) as { data: { id: number; name: string; price: string }[] }).data;
    return card!;
  }

  /** A project of the first active card in the catalog. */
  async createProject(name: string): Promise<{ uuid: string }> {
    const card = await this.firstCard();
    const response = await this.request.post("/api/v1/projects", { headers: this.headers, data: { card_id: card.id, name } });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { data: { uuid: string } }).data;
  }

  async addRecipients(projectUuid: string, recipients: Record<string, unknown>[]) {
    const response = await this.request.post(`/api/v1/projects/add-recipients/${projectUuid}`, { headers: this.headers, data: { recipients } });
    expect(response.status(), await response.text()).toBe(200);
  }

  /** Every recipient of a project, read a page at a time. */
  async projectRecipients(projectUuid: string): Promise<Contact[]> {
    const all: Contact[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
      const response = await this.request.get(`/api/v1/projects/${projectUuid}/recipients${query}`, { headers: this.headers });
      expect(response.status(), await response.text()).toBe(200);
      const page = (await response.json()) as { data: Contact[]; next_cursor: string | null };
      all.push(...page.data);
      cursor = page.next_cursor;
    } while (cursor);
    return all;
  }

  async checkout(projectUuid: string) {
    const response = await this.request.post(`/api/v1/cart/checkout/${projectUuid}`, { headers: this.headers });
    return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
  }
}
