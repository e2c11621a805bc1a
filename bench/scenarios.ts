// Scenarios: the reads and writes measured over HTTP, each with the service call its database floor replays.
import { apiReads } from "./api-reads";
import type { AutomationsBook } from "./automations";
import { recipientsBatch, type Prepared } from "./book";
import { BATCH, CONTACTS, WRITE_REQUESTS, type Database } from "./config";

export type ReadScenario = {
  name: string;
  path: string;
  /** Paths to cycle through instead of `path` alone, one per request (`path` is the first). */
  paths?: string[];
  concurrency: number[];
  /** What the route does with the database for this request (token check, then the service). */
  service: (db: Database, token: string) => Promise<unknown>;
};

/** A year of upcoming sends of the automation over every contact and every event: its first page, counted over the year. */
export async function automationReadScenarios(book: AutomationsBook): Promise<ReadScenario[]> {
  const { listUpcoming } = await import("@/lib/automations/upcoming");
  const { upcomingQuerySchema } = await import("@/lib/automations/schema");
  const { asUser } = await apiReads();
  const query = { days: "366" };
  return [
    {
      name: "automation-upcoming-366",
      path: `/api/v1/automations/${book.upcomingId}/upcoming?${new URLSearchParams(query).toString()}`,
      concurrency: [1],
      service: async (db, token) => listUpcoming(await asUser(db, token), book.upcomingId, upcomingQuerySchema.parse(query)),
    },
  ];
}

export async function readScenarios(prepared: Prepared): Promise<ReadScenario[]> {
  const { listContactEvents } = await import("@/lib/events/service");
  const { contactEventsQuerySchema } = await import("@/lib/events/schema");
  const { listCards } = await import("@/lib/cards/service");
  const { listCardsQuerySchema } = await import("@/lib/cards/schema");
  const { trackOrder } = await import("@/lib/orders/service");
  const { findDuplicateContacts } = await import("@/lib/contacts/duplicates");

  const { asUser, contacts: contactsList, events } = await apiReads();
  const qs = (query: Record<string, string>) => new URLSearchParams(query).toString();
  const search = (term: string) => ({ query: term });
  const deep = { cursor: prepared.deepCursor };
  const month = { month: "3", year: "2026" };
  // The same month of other years: each a different answer, never one served from the month cache.
  const coldMonths = Array.from({ length: 900 }, (_, i) => `/api/v1/contacts/events?${qs({ month: "3", year: String(2100 + i) })}`);
  const cardFilter = { occasion_id: String(prepared.occasionId), category_id: String(prepared.categoryId) };

  return [
    { name: "contacts-first-page", path: "/api/v1/contacts", concurrency: [1, 16], service: contactsList({}) },
    { name: "contacts-deep-page", path: `/api/v1/contacts?${qs(deep)}`, concurrency: [1, 16], service: contactsList(deep) },
    { name: "search-surname", path: `/api/v1/contacts?${qs(search(prepared.terms.surname))}`, concurrency: [1], service: contactsList(search(prepared.terms.surname)) },
    { name: "search-email", path: `/api/v1/contacts?${qs(search(prepared.terms.email))}`, concurrency: [1], service: contactsList(search(prepared.terms.email)) },
    { name: "search-phone", path: `/api/v1/contacts?${qs(search(prepared.terms.phone))}`, concurrency: [1], service: contactsList(search(prepared.terms.phone)) },
    {
      name: "events-month",
      path: `/api/v1/contacts/events?${qs(month)}`,
      concurrency: [1],
      service: events(month),
    },
    {
      name: "events-month-uncached",
      path: coldMonths[0]!,
      paths: coldMonths,
      concurrency: [1],
      service: async (db, token) => listContactEvents(await asUser(db, token), contactEventsQuerySchema.parse({ month: "3", year: "2100" })),
    },
    {
      name: "cards-filtered",
      path: `/api/v1/cards?${qs(cardFilter)}`,
      concurrency: [1, 16],
      service: async (db, token) => listCards(await asUser(db, token), listCardsQuerySchema.parse(cardFilter)),
    },
    {
      name: "contacts-duplicates",
      path: "/api/v1/contacts/duplicates",
      concurrency: [1],
      service: async (db, token) => findDuplicateContacts(await asUser(db, token)),
    },
    {
      name: "track-1000",
      path: `/api/v1/orders/track/${prepared.orderId}`,
      concurrency: [1],
      service: async (db, token) => trackOrder(await asUser(db, token), prepared.orderId),
    },
  ];
}

export type WriteScenario = {
  name: string;
  requests: { method: string; path: string; body?: string }[];
  /** The same work on a project of its own, for the database floor (recorded and replayed, rolled back). */
  floor: (db: Database, token: string) => Promise<unknown>;
};

export async function writeScenarios(prepared: Prepared): Promise<WriteScenario[]> {
  const { authenticateToken } = await import("@/lib/auth/tokens");
  const { createProject } = await import("@/lib/projects/service");
  const { addRecipients } = await import("@/lib/projects/recipients");
  const { addRecipientsSchema } = await import("@/lib/projects/schema");
  const { checkoutProject } = await import("@/lib/orders/service");
  const { ctx, cardId, contactCount } = prepared;
  const runs = WRITE_REQUESTS + 1;

  // add-recipients: half the contacts already in the book (a CRM sync updates them), half new.
  // Each request goes to a project of its own and touches contacts no other request touches.
  const newFrom = (k: number) => CONTACTS + 1_000_000 + k * BATCH;
  const existingFrom = (k: number) => 20_000 + k * 700;
  const addBody = (k: number) => JSON.stringify({ recipients: recipientsBatch(existingFrom(k), BATCH / 2, newFrom(k)) });
  const addProjects = [];
  for (let k = 0; k < runs; k++) addProjects.push(await createProject(ctx, { card_id: cardId, name: `Bench add-recipients ${k}` }));
  const addFloorProject = await createProject(ctx, { card_id: cardId, name: "Bench add-recipients floor" });
  const addFloorInput = addRecipientsSchema.parse(JSON.parse(addBody(runs)));

  // checkout: projects of 1,000 contacts of the book each, prepared now, checked out one per request.
  const checkoutProjects = [];
  for (let k = 0; k <= runs; k++) {
    const project = await createProject(ctx, { card_id: cardId, name: `Bench checkout ${k}` });
    const from = (40_000 + k * 1_200) % Math.max(1, contactCount - 2 * BATCH);
    await addRecipients(ctx, project.id, addRecipientsSchema.parse({ recipients: recipientsBatch(from, BATCH, 0) }));
    checkoutProjects.push(project);
  }
  const checkoutFloorProject = checkoutProjects.pop()!;

  const asUser = async (db: Database, token: string) => ({ db, user: (await authenticateToken(db, token)).user });
  return [
    {
      name: "add-recipients-1000",
      requests: addProjects.map((project, k) => ({ method: "POST", path: `/api/v1/projects/add-recipients/${project.id}`, body: addBody(k) })),
      floor: async (db, token) => addRecipients(await asUser(db, token), addFloorProject.id, addFloorInput),
    },
    {
      name: "checkout-1000",
      requests: checkoutProjects.map((project) => ({ method: "POST", path: `/api/v1/cart/checkout/${project.id}` })),
      floor: async (db, token) => checkoutProject(await asUser(db, token), checkoutFloorProject.id),
    },
  ];
}
