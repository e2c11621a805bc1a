import { randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import type { Database } from "../client";
import {
  cards,
  cardCategories,
  cardOccasions,
  contactChildren,
  contactPets,
  contacts,
  creditLedger,
  groupContacts,
  groups,
  orderRecipients,
  orderStatusEvents,
  orders,
  projectRecipients,
  projects,
  users,
  type AddressBlock,
  type DeliveryStatus,
  type NewContactRow,
} from "../schema";
import { seedCatalog, type CatalogSummary } from "./catalog";
import { ALEX_OWNER, ALEX_PEOPLE, CITIES, DEMO_GROUPS, DEMO_OWNER, DEMO_PEOPLE, STREETS, type GroupKey, type Owner, type Person } from "./demo-data";

export const DEMO_ACCOUNTS = {
  demo: { email: "demo@example.com", password: "demo-password", creditCents: 10_000 },
  alex: { email: "alex@example.com", password: "demo-password", creditCents: 0 },
  admin: { email: "admin@example.com", password: "admin-password", creditCents: 0 },
} as const;

export type DemoSummary = {
  catalog: CatalogSummary;
  users: string[];
  contacts: { demo: number; alex: number };
  groups: number;
  projects: number;
  orders: number;
};

const DAY = 24 * 60 * 60 * 1000;
const WELCOME_CREDIT_CENTS = 2_500;

type DateParts = { month: number | null; day: number | null; year: number | null };

function parseDate(value: string | undefined): DateParts {
  if (!value) return { month: null, day: null, year: null };
  const parts = value.split("-").map(Number);
  if (parts.length === 3) return { year: parts[0]!, month: parts[1]!, day: parts[2]! };
  if (parts.length === 2) return { year: null, month: parts[0]!, day: parts[1]! };
  return { year: null, month: parts[0]!, day: null };
}

function emailFor(person: Person, index: number): string {
  const clean = (s: string) => s.toLowerCase().replace(/[^a-z]/g, "");
  const domain = ["example.com", "example.org", "example.net"][index % 3];
  return index % 4 === 1 ? `${clean(person.first)[0]}${clean(person.last)}@${domain}` : `${clean(person.first)}.${clean(person.last)}@${domain}`;
}

type BuiltContacts = {
  rows: NewContactRow[];
  children: (typeof contactChildren.$inferInsert)[];
  pets: (typeof contactPets.$inferInsert)[];
  /** "First Last" -> contact id. */
  ids: Map<string, string>;
};

/** Turns the compact people lists into contact, child and pet rows with stable addresses. */
function buildContacts(userId: number, people: Person[], phoneOffset: number, createdAt: (i: number) => Date): BuiltContacts {
  const built: BuiltContacts = { rows: [], children: [], pets: [], ids: new Map() };
  people.forEach((person, i) => {
    const id = randomUUID();
    const place = CITIES[person.city ?? (i * 7) % CITIES.length]!;
    const birth = parseDate(person.birth);
    const anniversary = parseDate(person.anniversary);
    const spouseBirth = parseDate(person.spouse?.birth);
    const phoneSuffix = String((phoneOffset + i) % 100).padStart(2, "0");
    const at = createdAt(i);
    built.ids.set(`${person.first} ${person.last}`, id);
    built.rows.push({
      id,
      userId,
      internalId: person.internalId ?? null,
      prefix: person.prefix ?? null,
      firstName: person.first,
      middleName: person.middle ?? null,
      lastName: person.last,
      company: person.company ?? null,
      email: person.noEmail ? null : emailFor(person, i),
      phone: person.noPhone ? null : `(${place.area}) 555-01${phoneSuffix}`,
      address: `${100 + ((i * 373) % 8900)} ${STREETS[(i * 3) % STREETS.length]}`,
      apt: person.apt ?? null,
      city: place.city,
      state: place.state,
      zip: place.zip,
      country: "US",
      spousePrefix: person.spouse?.prefix ?? null,
      spouseFirstName: person.spouse?.first ?? null,
      spouseMiddleName: null,
      spouseLastName: person.spouse ? (person.spouse.last ?? person.last) : null,
      birthMonth: birth.month,
      birthDay: birth.day,
      birthYear: birth.year,
      anniversaryMonth: anniversary.month,
      anniversaryDay: anniversary.day,
      anniversaryYear: anniversary.year,
      spouseBirthMonth: spouseBirth.month,
      spouseBirthDay: spouseBirth.day,
      spouseBirthYear: spouseBirth.year,
      notes: person.notes ?? null,
      createdAt: at,
      updatedAt: at,
    });
    person.children?.forEach((child, position) => {
      const date = parseDate(child.birth);
      built.children.push({ contactId: id, userId, position, firstName: child.first, birthMonth: date.month, birthDay: date.day, birthYear: date.year });
    });
    person.pets?.forEach((pet, position) => {
      const date = parseDate(pet.birth);
      built.pets.push({ contactId: id, userId, position, name: pet.name, secondaryType: pet.kind, birthMonth: date.month, birthDay: date.day, birthYear: date.year });
    });
  });
  return built;
}

function profileOf(owner: Owner): Record<string, unknown> {
  const birth = parseDate(owner.birth);
  return {
    first_name: owner.first,
    last_name: owner.last,
    email: owner.email,
    phone: owner.phone,
    address: owner.address,
    apt: owner.apt,
    city: owner.city,
    state: owner.state,
    zip: owner.zip,
    country: owner.country,
    birth_month: birth.month,
    birth_day: birth.day,
    birth_year: birth.year,
  };
}

function shippingOf(owner: Owner, company: string | null = null): AddressBlock {
  return {
    name: `${owner.first} ${owner.last}`,
    company,
    address: owner.address,
    apt: owner.apt,
    city: owner.city,
    state: owner.state,
    zip: owner.zip,
    country: owner.country,
  };
}

export type SeedDemoOptions = {
  /** The application's password hashing (lib/auth/password), so that the demo accounts sign in. */
  hashPassword: (password: string) => Promise<string>;
  now?: Date;
};

/**
 * Seeds the demo accounts (and the catalog, when it is empty) in one transaction.
 * Expects no demo users yet: `npm run db:seed` resets the database first.
 */
export async function seedDemo(db: Database, options: SeedDemoOptions): Promise<DemoSummary> {
  const { hashPassword } = options;
  const now = options.now ?? new Date();
  const ago = (days: number, hours = 0) => new Date(now.getTime() - days * DAY - hours * 60 * 60 * 1000);
  // Hashing is slow on purpose: do it before the transaction holds any lock.
  const [demoHash, alexHash, adminHash] = await Promise.all([
    hashPassword(DEMO_ACCOUNTS.demo.password),
    hashPassword(DEMO_ACCOUNTS.alex.password),
    hashPassword(DEMO_ACCOUNTS.admin.password),
  ]);

  return db.transaction(async (tx) => {
    const catalog = await seedCatalog(tx);

    const accountRows = await tx
      .insert(users)
      .values([
        {
          email: DEMO_ACCOUNTS.demo.email,
          username: "demo",
          passwordHash: demoHash,
          accountType: 1,
          creditCents: DEMO_ACCOUNTS.demo.creditCents,
          profile: profileOf(DEMO_OWNER),
          shipping: shippingOf(DEMO_OWNER),
          createdAt: ago(120),
          updatedAt: ago(5),
        },
        {
          email: DEMO_ACCOUNTS.alex.email,
          username: "alex",
          passwordHash: alexHash,
          accountType: 1,
          creditCents: DEMO_ACCOUNTS.alex.creditCents,
          profile: profileOf(ALEX_OWNER),
          shipping: shippingOf(ALEX_OWNER),
          createdAt: ago(30),
          updatedAt: ago(30),
        },
        {
          email: DEMO_ACCOUNTS.admin.email,
          username: "admin",
          passwordHash: adminHash,
          accountType: 3,
          creditCents: DEMO_ACCOUNTS.admin.creditCents,
          profile: { first_name: "Casey", last_name: "Admin", email: DEMO_ACCOUNTS.admin.email },
          shipping: null,
          createdAt: ago(200),
          updatedAt: ago(200),
        },
      ])
      .returning({ id: users.id, email: users.email });
    const userId = (email: string) => accountRows.find((row) => row.email === email)!.id;
    const demoId = userId(DEMO_ACCOUNTS.demo.email);
    const alexId = userId(DEMO_ACCOUNTS.alex.email);
    const adminId = userId(DEMO_ACCOUNTS.admin.email);

    // Contacts: one statement per table for both accounts.
    const demoBook = buildContacts(demoId, DEMO_PEOPLE, 0, (i) => ago(110 - i, i % 24));
    const alexBook = buildContacts(alexId, ALEX_PEOPLE, DEMO_PEOPLE.length, (i) => ago(25 - i));
    await tx.insert(contacts).values([...demoBook.rows, ...alexBook.rows]);
    const children = [...demoBook.children, ...alexBook.children];
    if (children.length) await tx.insert(contactChildren).values(children);
    const pets = [...demoBook.pets, ...alexBook.pets];
    if (pets.length) await tx.insert(contactPets).values(pets);

    const groupRows = await tx
      .insert(groups)
      .values(DEMO_GROUPS.map((group, i) => ({ userId: demoId, name: group.name, description: group.description, createdAt: ago(100 - i), updatedAt: ago(100 - i) })))
      .returning({ id: groups.id, name: groups.name });
    const groupId = (key: GroupKey) => groupRows.find((row) => row.name === DEMO_GROUPS.find((g) => g.key === key)!.name)!.id;
    await tx.insert(groupContacts).values(
      DEMO_PEOPLE.flatMap((person) =>
        (person.groups ?? []).map((key) => ({ groupId: groupId(key), contactId: demoBook.ids.get(`${person.first} ${person.last}`)!, userId: demoId })),
      ),
    );

    // Projects take their category and occasion from the card, as POST /projects does.
    const projectCards = ["balloon-bouquet-birthday", "merry-and-bright", "many-thanks-geometric", "thank-you-blooms"];
    const cardRows = await tx
      .select({ id: cards.id, slug: cards.slug, priceCents: cards.priceCents, isBox: cards.isBox, isPostcard: cards.isPostcard })
      .from(cards)
      .where(inArray(cards.slug, projectCards));
    const categoryRows = await tx.select().from(cardCategories).where(inArray(cardCategories.cardId, cardRows.map((c) => c.id)));
    const occasionRows = await tx.select().from(cardOccasions).where(inArray(cardOccasions.cardId, cardRows.map((c) => c.id)));
    const card = (slug: string) => {
      const row = cardRows.find((c) => c.slug === slug);
      if (!row) throw new Error(`Demo seed: the catalog has no card ${slug}`);
      return {
        ...row,
        categoryId: categoryRows.filter((r) => r.cardId === row.id).sort((a, b) => a.categoryId - b.categoryId)[0]?.categoryId ?? null,
        occasionId: occasionRows.filter((r) => r.cardId === row.id).sort((a, b) => a.occasionId - b.occasionId)[0]?.occasionId ?? null,
      };
    };
    const projectRow = (owner: number, slug: string, name: string, message: string, signoff: string, createdAt: Date) => {
      const c = card(slug);
      return {
        id: randomUUID(),
        userId: owner,
        cardId: c.id,
        name,
        automationMessage: message,
        automationSignoff: signoff,
        isBox: c.isBox,
        isPostcard: c.isPostcard,
        categoryId: c.categoryId,
        occasionId: c.occasionId,
        createdAt,
        updatedAt: createdAt,
      };
    };
    const ordered = projectRow(demoId, "many-thanks-geometric", "Thank you, clients", "Thank you for a fantastic year working together. We couldn't have done it without you.", "With gratitude, Jordan Ellis", ago(12));
    const empty = projectRow(demoId, "merry-and-bright", "Holiday cards", "Wishing you and yours a wonderful holiday season and a happy new year.", "Warmly, Jordan", ago(3));
    const ready = projectRow(demoId, "balloon-bouquet-birthday", "Spring birthdays", "Happy birthday! I hope your day is as wonderful as you are.", "Love, Jordan", ago(1));
    const alexProject = projectRow(alexId, "thank-you-blooms", "Housewarming thank-yous", "Thank you so much for helping us move in. The new place already feels like home.", "Alex", ago(2));
    await tx.insert(projects).values([ordered, empty, ready, alexProject]);

    const recipientPlan: { project: typeof ordered; book: BuiltContacts; people: string[]; overrides?: Record<string, string> }[] = [
      { project: ordered, book: demoBook, people: ["Patricia Gomez", "Steven Clark", "Angela Foster", "Yuki Tanaka", "Laura Chen"] },
      {
        project: ready,
        book: demoBook,
        people: ["Margaret Ellis", "Kenji Watanabe", "Linda Carver", "Emma Lindqvist", "Isabella Rossi"],
        overrides: { "Margaret Ellis": "Happy birthday, Mom! Dinner is on me this year." },
      },
      { project: alexProject, book: alexBook, people: ["Jamie Morgan", "Riley Chen", "Sam Okafor"] },
    ];
    const recipientRows = await tx
      .insert(projectRecipients)
      .values(
        recipientPlan.flatMap(({ project, book, people, overrides }) =>
          people.map((name, i) => ({
            projectId: project.id,
            contactId: book.ids.get(name)!,
            userId: project.userId,
            overrideMessage: overrides?.[name] ?? null,
            createdAt: new Date(project.createdAt.getTime() + (i + 1) * 60_000),
          })),
        ),
      )
      .returning({ id: projectRecipients.id, projectId: projectRecipients.projectId, contactId: projectRecipients.contactId });

    // The past order: placed five days ago, in production the next day, mailed the day after.
    const orderedCard = card("many-thanks-geometric");
    const orderedRecipients = recipientRows.filter((r) => r.projectId === ordered.id);
    const orderTotal = orderedCard.priceCents * orderedRecipients.length;
    const placedAt = ago(5);
    const [order] = await tx.insert(orders).values({ userId: demoId, totalCents: orderTotal, createdAt: placedAt }).returning({ id: orders.id });
    const contactById = new Map(demoBook.rows.map((row) => [row.id!, row]));
    const timeline: { status: DeliveryStatus; at: Date }[] = [
      { status: "pending", at: placedAt },
      { status: "in_production", at: ago(4) },
      { status: "mailed", at: ago(3) },
    ];
    const delivered = { status: "delivered" as const, at: ago(0, 20) };
    const snapshots = await tx
      .insert(orderRecipients)
      .values(
        orderedRecipients.map((recipient, i) => {
          const contact = contactById.get(recipient.contactId)!;
          const last = i === 0 ? delivered : timeline[timeline.length - 1]!;
          return {
            orderId: order!.id,
            userId: demoId,
            projectId: ordered.id,
            projectRecipientId: recipient.id,
            contactId: recipient.contactId,
            internalId: contact.internalId ?? null,
            name: `${contact.firstName} ${contact.lastName}`,
            company: contact.company ?? null,
            address: contact.address ?? null,
            apt: contact.apt ?? null,
            city: contact.city ?? null,
            state: contact.state ?? null,
            zip: contact.zip ?? null,
            country: contact.country ?? null,
            message: `${ordered.automationMessage}\n\n${ordered.automationSignoff}`,
            priceCents: orderedCard.priceCents,
            status: last.status,
            scheduledDeliveryDate: new Date(placedAt.getTime() + 7 * DAY),
            createdAt: placedAt,
            updatedAt: last.at,
          };
        }),
      )
      .returning({ id: orderRecipients.id, status: orderRecipients.status });
    await tx.insert(orderStatusEvents).values(
      snapshots.flatMap((snapshot) => [
        ...timeline.map((step) => ({ orderRecipientId: snapshot.id, status: step.status, createdAt: step.at })),
        ...(snapshot.status === "delivered" ? [{ orderRecipientId: snapshot.id, status: delivered.status, createdAt: delivered.at }] : []),
      ]),
    );

    // The ledger explains the balance: a welcome grant, a purchase, the order, ending at 100.00.
    const purchase = DEMO_ACCOUNTS.demo.creditCents - WELCOME_CREDIT_CENTS + orderTotal;
    await tx.insert(creditLedger).values([
      { userId: demoId, amountCents: WELCOME_CREDIT_CENTS, balanceAfterCents: WELCOME_CREDIT_CENTS, kind: "grant", note: "Welcome credit", createdBy: adminId, createdAt: ago(120) },
      { userId: demoId, amountCents: purchase, balanceAfterCents: WELCOME_CREDIT_CENTS + purchase, kind: "grant", note: "Prepaid credit purchase", createdBy: adminId, createdAt: ago(10) },
      { userId: demoId, amountCents: -orderTotal, balanceAfterCents: DEMO_ACCOUNTS.demo.creditCents, kind: "order", orderId: order!.id, note: `Order ${order!.id}`, createdAt: placedAt },
    ]);

    return {
      catalog,
      users: accountRows.map((row) => row.email),
      contacts: { demo: demoBook.rows.length, alex: alexBook.rows.length },
      groups: groupRows.length,
      projects: 4,
      orders: 1,
    };
  });
}
