import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { execute, getDb, type Database } from "@/db/client";
import { api } from "@/test/api";
import { resetDatabase, seedCatalog } from "@/db/seed";
import { CATALOG, type CatalogArtwork } from "@/db/seed/catalog-data";
import { MOTIFS, TYPEFACES, type CardArtwork } from "@/lib/cards/artwork";
import { DEMO_ACCOUNTS, seedDemo } from "./seed";

let db: Database;

const rows = <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => execute<T>(db, query);
const num = (value: unknown) => Number(value);

async function userId(email: string): Promise<number> {
  const [row] = await rows<{ id: number }>(sql`select id from users where email = ${email}`);
  return num(row!.id);
}

beforeAll(async () => {
  db = await getDb();
  await seedDemo(db);
});

describe("demo accounts", () => {
  it("sign in through the API with the documented passwords", async () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const res = await api.post("/auth/login", { body: { app_id: "seed-test", email: account.email, password: account.password } });
      expect(res.status, account.email).toBe(200);
      expect(typeof res.body.data.token).toBe("string");
    }
  });

  it("have the documented types and credit", async () => {
    const accounts = await rows<{ email: string; account_type: number; credit_cents: number }>(
      sql`select email, account_type, credit_cents from users order by email`,
    );
    expect(accounts.map((a) => [a.email, num(a.account_type), num(a.credit_cents)])).toEqual([
      ["admin@example.com", 3, 0],
      ["alex@example.com", 1, 0],
      ["demo@example.com", 1, 10000],
    ]);
  });

  it("keep a ledger that explains every balance", async () => {
    const sums = await rows<{ email: string; credit_cents: number; total: number | null }>(
      sql`select u.email, u.credit_cents, (select sum(amount_cents) from credit_ledger l where l.user_id = u.id) as total from users u`,
    );
    for (const row of sums) expect(num(row.total ?? 0), row.email).toBe(num(row.credit_cents));

    const ledger = await rows<{ amount_cents: number; balance_after_cents: number; kind: string }>(
      sql`select amount_cents, balance_after_cents, kind from credit_ledger where user_id = ${await userId("demo@example.com")} order by created_at, id`,
    );
    let balance = 0;
    for (const entry of ledger) {
      balance += num(entry.amount_cents);
      expect(num(entry.balance_after_cents)).toBe(balance);
    }
    expect(ledger.map((e) => e.kind)).toEqual(["grant", "grant", "order"]);
    expect(balance).toBe(10000);
  });

  it("give the demo account a profile and a shipping address", async () => {
    const [user] = await rows<{ profile: Record<string, unknown> | string; shipping: Record<string, unknown> | string }>(
      sql`select profile, shipping from users where email = 'demo@example.com'`,
    );
    const parse = (v: Record<string, unknown> | string) => (typeof v === "string" ? JSON.parse(v) : v);
    expect(parse(user!.profile)).toMatchObject({ first_name: "Jordan", last_name: "Ellis", city: "Portland", state: "OR", zip: "97214", country: "US" });
    expect(Object.keys(parse(user!.shipping)).sort()).toEqual(["address", "apt", "city", "company", "country", "name", "state", "zip"]);
  });
});

describe("demo address book", () => {
  it("has 60+ contacts for demo and a few for alex", async () => {
    const counts = await rows<{ email: string; n: number }>(
      sql`select u.email, count(c.id) as n from users u left join contacts c on c.user_id = u.id group by u.email order by u.email`,
    );
    const by = Object.fromEntries(counts.map((c) => [c.email, num(c.n)]));
    expect(by["demo@example.com"]).toBeGreaterThanOrEqual(60);
    expect(by["alex@example.com"]).toBeGreaterThanOrEqual(4);
    expect(by["alex@example.com"]).toBeLessThanOrEqual(6);
    expect(by["admin@example.com"]).toBe(0);
  });

  it("has a birthday or anniversary in every month, with and without years", async () => {
    const demo = await userId("demo@example.com");
    const months = await rows<{ month: number }>(sql`
      select distinct month from (
        select birth_month as month from contacts where user_id = ${demo} and birth_day is not null
        union all select anniversary_month from contacts where user_id = ${demo} and anniversary_day is not null
        union all select spouse_birth_month from contacts where user_id = ${demo} and spouse_birth_day is not null
        union all select birth_month from contact_children where user_id = ${demo} and birth_day is not null
        union all select birth_month from contact_pets where user_id = ${demo} and birth_day is not null
      ) events where month is not null order by month`);
    expect(months.map((m) => num(m.month))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);

    const [special] = await rows<{ leap: number; day31: number; with_year: number; without_year: number }>(sql`
      select count(*) filter (where birth_month = 2 and birth_day = 29) as leap,
             count(*) filter (where birth_day = 31) as day31,
             count(*) filter (where birth_day is not null and birth_year is not null) as with_year,
             count(*) filter (where birth_day is not null and birth_year is null) as without_year
      from contacts where user_id = ${demo}`);
    expect(num(special!.leap)).toBeGreaterThan(0);
    expect(num(special!.day31)).toBeGreaterThan(0);
    expect(num(special!.with_year)).toBeGreaterThan(0);
    expect(num(special!.without_year)).toBeGreaterThan(0);
  });

  it("has spouses, children, pets of several kinds and complete US addresses", async () => {
    const demo = await userId("demo@example.com");
    const [family] = await rows<{ spouses: number; children: number; pets: number; kinds: number; incomplete: number }>(sql`
      select (select count(*) from contacts where user_id = ${demo} and spouse_first_name is not null) as spouses,
             (select count(*) from contact_children where user_id = ${demo}) as children,
             (select count(*) from contact_pets where user_id = ${demo}) as pets,
             (select count(distinct secondary_type) from contact_pets where user_id = ${demo}) as kinds,
             (select count(*) from contacts where user_id = ${demo}
                and (address is null or city is null or state is null or zip is null or country <> 'US')) as incomplete`);
    expect(num(family!.spouses)).toBeGreaterThanOrEqual(15);
    expect(num(family!.children)).toBeGreaterThanOrEqual(10);
    expect(num(family!.pets)).toBeGreaterThanOrEqual(10);
    expect(num(family!.kinds)).toBeGreaterThanOrEqual(3);
    expect(num(family!.incomplete)).toBe(0);
  });

  it("has three groups with members", async () => {
    const groups = await rows<{ name: string; members: number }>(sql`
      select g.name, count(gc.contact_id) as members from groups g
      join users u on u.id = g.user_id and u.email = 'demo@example.com'
      left join group_contacts gc on gc.group_id = g.id group by g.name order by g.name`);
    expect(groups.map((g) => g.name)).toEqual(["Family", "Friends", "Work"]);
    for (const group of groups) expect(num(group.members)).toBeGreaterThan(2);
  });
});

describe("demo projects and the past order", () => {
  it("has a project ready to check out within the credit, an empty one and an ordered one", async () => {
    const projects = await rows<{ name: string; recipients: number; ordered: number; price_cents: number }>(sql`
      select p.name, count(pr.id) as recipients, count(o.id) as ordered, c.price_cents
      from projects p join users u on u.id = p.user_id and u.email = 'demo@example.com'
      join cards c on c.id = p.card_id
      left join project_recipients pr on pr.project_id = p.id
      left join order_recipients o on o.project_recipient_id = pr.id
      where not exists (select 1 from automations a where a.project_id = p.id)
      group by p.id, p.name, c.price_cents`);
    expect(projects).toHaveLength(3);
    const ready = projects.find((p) => num(p.recipients) > 0 && num(p.ordered) === 0)!;
    expect(num(ready.recipients)).toBe(5);
    expect(num(ready.recipients) * num(ready.price_cents)).toBeLessThanOrEqual(10000);
    expect(projects.filter((p) => num(p.recipients) === 0)).toHaveLength(1);
    const ordered = projects.find((p) => num(p.ordered) > 0)!;
    expect(num(ordered.ordered)).toBe(num(ordered.recipients));
  });

  it("has one inactive automation, Family birthdays, on the Family group, which a scheduler pass leaves alone", async () => {
    const list = await rows<{ name: string; active: boolean; group_name: string; events: string[] }>(sql`
      select a.name, a.active, g.name as group_name, a.events from automations a
      join users u on u.id = a.user_id and u.email = 'demo@example.com' join groups g on g.id = a.group_id`);
    expect(list.map((a) => [a.name, a.active, a.group_name])).toEqual([["Family birthdays", false, "Family"]]);
    expect(list[0]!.events).toContain("birthday");
    const { runDueAutomations } = await import("@/lib/automations/scheduler");
    const pass = await runDueAutomations(db);
    expect(pass.runs).toEqual([]);
    const [credit] = await rows<{ credit_cents: number }>(sql`select credit_cents from users where email = 'demo@example.com'`);
    expect(num(credit!.credit_cents)).toBe(DEMO_ACCOUNTS.demo.creditCents);
  });

  it("gives alex one project with recipients", async () => {
    const projects = await rows<{ recipients: number }>(sql`
      select count(pr.id) as recipients from projects p join users u on u.id = p.user_id and u.email = 'alex@example.com'
      left join project_recipients pr on pr.project_id = p.id group by p.id`);
    expect(projects).toHaveLength(1);
    expect(num(projects[0]!.recipients)).toBeGreaterThan(0);
  });

  it("has a mailed order with every transition recorded in the past", async () => {
    const demo = await userId("demo@example.com");
    const [order] = await rows<{ id: number; total_cents: number }>(sql`select id, total_cents from orders where user_id = ${demo}`);
    expect(order).toBeDefined();
    const recipients = await rows<{ id: number; status: string; price_cents: number; name: string; address: string; scheduled_delivery_date: string }>(
      sql`select id, status, price_cents, name, address, scheduled_delivery_date from order_recipients where order_id = ${order!.id} order by id`,
    );
    expect(recipients.length).toBeGreaterThan(0);
    expect(recipients.every((r) => ["mailed", "delivered"].includes(r.status))).toBe(true);
    expect(recipients.filter((r) => r.status === "mailed").length).toBeGreaterThan(recipients.length / 2);
    expect(recipients.reduce((sum, r) => sum + num(r.price_cents), 0)).toBe(num(order!.total_cents));
    for (const r of recipients) {
      expect(r.name).toMatch(/\S+ \S+/);
      expect(r.address).toBeTruthy();
      expect(new Date(r.scheduled_delivery_date).getTime()).toBeGreaterThan(Date.now());
      const events = await rows<{ status: string; created_at: string }>(
        sql`select status, created_at from order_status_events where order_recipient_id = ${r.id} order by created_at, id`,
      );
      const expected = ["pending", "in_production", "mailed", ...(r.status === "delivered" ? ["delivered"] : [])];
      expect(events.map((e) => e.status)).toEqual(expected);
      for (const e of events) expect(new Date(e.created_at).getTime()).toBeLessThan(Date.now());
    }
    const [charge] = await rows<{ amount_cents: number }>(sql`select amount_cents from credit_ledger where order_id = ${order!.id} and kind = 'order'`);
    expect(num(charge!.amount_cents)).toBe(-num(order!.total_cents));
  });
});

describe("catalog", () => {
  it("has 40+ cards, a few inactive, each with artist, category, occasion and a realistic price", async () => {
    const [stats] = await rows<{ total: number; inactive: number; min_price: number; max_price: number; postcards: number; boxes: number; landscape: number }>(sql`
      select count(*) as total, count(*) filter (where not is_active) as inactive, min(price_cents) as min_price, max(price_cents) as max_price,
             count(*) filter (where is_postcard) as postcards, count(*) filter (where is_box) as boxes, count(*) filter (where not is_vertical) as landscape
      from cards`);
    expect(num(stats!.total)).toBeGreaterThanOrEqual(40);
    expect(num(stats!.inactive)).toBeGreaterThanOrEqual(2);
    expect(num(stats!.inactive)).toBeLessThanOrEqual(6);
    expect(num(stats!.min_price)).toBeGreaterThanOrEqual(299);
    expect(num(stats!.max_price)).toBeLessThanOrEqual(699);
    expect(num(stats!.postcards)).toBeGreaterThan(0);
    expect(num(stats!.boxes)).toBeGreaterThan(0);
    expect(num(stats!.landscape)).toBeGreaterThan(0);

    const [orphans] = await rows<{ no_category: number; no_occasion: number; no_tags: number; artists: number }>(sql`
      select count(*) filter (where not exists (select 1 from card_categories cc where cc.card_id = c.id)) as no_category,
             count(*) filter (where not exists (select 1 from card_occasions co where co.card_id = c.id)) as no_occasion,
             count(*) filter (where cardinality(c.tags) = 0) as no_tags,
             count(distinct c.artist_id) as artists
      from cards c`);
    expect(num(orphans!.no_category)).toBe(0);
    expect(num(orphans!.no_occasion)).toBe(0);
    expect(num(orphans!.no_tags)).toBe(0);
    expect(num(orphans!.artists)).toBeGreaterThanOrEqual(6);
  });

  it("gives every card a front, inside, back and thumbnail served by the app, in that order", async () => {
    const images = await rows<{ slug: string; type: string; path: string; position: number }>(
      sql`select c.slug, i.type, i.path, i.position from cards c join card_images i on i.card_id = c.id order by c.slug, i.type`,
    );
    const [cards] = await rows<{ n: number }>(sql`select count(*) as n from cards`);
    expect(images).toHaveLength(num(cards!.n) * 4);
    const order = ["front", "inside", "back", "thumbnail"];
    for (const image of images) {
      expect(order).toContain(image.type);
      expect(image.path).toBe(`/card-art/${image.slug}/${image.type}.svg`);
      expect(num(image.position)).toBe(order.indexOf(image.type));
    }
  });

  it("gives cards different artwork descriptions", async () => {
    const art = await rows<{ artwork: string }>(sql`select artwork from cards`);
    const parsed = art.map((a) => JSON.parse(a.artwork) as { motif: string; palette: { background: string }; headline: string });
    expect(new Set(parsed.map((a) => a.motif)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(art.map((a) => a.artwork)).size).toBe(art.length);
  });

  it("describes artwork the renderer draws", () => {
    // db/ does not import the renderer's types: the catalog's names are checked against them here.
    expectTypeOf<CatalogArtwork>().toExtend<CardArtwork>();
    for (const card of CATALOG) {
      expect(MOTIFS).toContain(card.artwork.motif);
      expect(TYPEFACES).toContain(card.artwork.typeface);
    }
  });

  it("is left alone when seeded again", async () => {
    const [before] = await rows<{ n: number }>(sql`select count(*) as n from cards`);
    const result = await seedCatalog(db);
    const [after] = await rows<{ n: number }>(sql`select count(*) as n from cards`);
    expect(result.created).toBe(false);
    expect(num(after!.n)).toBe(num(before!.n));
  });
});

describe("reset", () => {
  it("empties the database and seeds the same demo data again, twice", async () => {
    const snapshot = async () =>
      (
        await rows<{ users: number; contacts: number; cards: number; orders: number; ledger: number }>(sql`
          select (select count(*) from users) as users, (select count(*) from contacts) as contacts, (select count(*) from cards) as cards,
                 (select count(*) from orders) as orders, (select count(*) from credit_ledger) as ledger`)
      ).map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, num(v)])))[0];
    const first = await snapshot();
    for (let round = 0; round < 2; round++) {
      const tables = await resetDatabase(db);
      expect(tables).toContain("users");
      expect(await snapshot()).toEqual({ users: 0, contacts: 0, cards: 0, orders: 0, ledger: 0 });
      await seedDemo(db);
      expect(await snapshot()).toEqual(first);
    }
    const [ids] = await rows<{ min: number }>(sql`select min(id) as min from cards`);
    expect(num(ids!.min)).toBe(1);
    const res = await api.post("/auth/login", { body: { app_id: "seed-test", email: "demo@example.com", password: "demo-password" } });
    expect(res.status).toBe(200);
  });
});
