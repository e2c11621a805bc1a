import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { api, createUser, type TestUser } from "@/test/api";
import { createCard, createCategory, createOccasion, type CardFixture } from "@/test/fixtures";

let user: TestUser;
let birthday: { id: number; name: string; slug: string };
let holiday: { id: number };
let floral: { id: number; name: string; slug: string };
let funny: { id: number };
let both: CardFixture;
let birthdayFunny: CardFixture;
let holidayFloral: CardFixture;
let inactive: CardFixture;
let plain: CardFixture;

beforeAll(async () => {
  const db = await getDb();
  user = await createUser();
  birthday = await createOccasion(db, "Birthday");
  holiday = await createOccasion(db, "Holiday");
  floral = await createCategory(db, "Floral");
  funny = await createCategory(db, "Funny");
  both = await createCard(db, { occasionIds: [birthday.id], categoryIds: [floral.id], tags: ["flowers", "pink"], priceCents: 399, description: "Peonies" });
  birthdayFunny = await createCard(db, { occasionIds: [birthday.id], categoryIds: [funny.id], priceCents: 1000 });
  holidayFloral = await createCard(db, { occasionIds: [holiday.id], categoryIds: [floral.id], priceCents: 5 });
  inactive = await createCard(db, { occasionIds: [birthday.id], categoryIds: [floral.id], isActive: false });
  plain = await createCard(db, { imageTypes: [] });
});

const ids = (body: { data: { id: number }[] }) => body.data.map((card) => card.id);

describe("GET /cards", () => {
  it("lists active cards only, by id, with next_cursor null on the last page", async () => {
    const res = await api.get("/cards", { token: user.token });
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([both.id, birthdayFunny.id, holidayFloral.id, plain.id]);
    expect(res.body.next_cursor).toBeNull();
  });

  it("returns every Card field, with the price as a decimal string and absolute image URLs under APP_URL, whatever the request's host", async () => {
    const res = await api.get(`/cards?occasion_id=${birthday.id}&category_id=${floral.id}`, {
      token: user.token,
      headers: { host: "partner.example.test", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
    });
    expect(res.status).toBe(200);
    // APP_URL is unset in the tests: the default origin, http://localhost:$PORT.
    const art = `http://localhost:3000/card-art/${both.slug}`;
    expect(res.body.data).toEqual([
      {
        id: both.id,
        name: both.name,
        slug: both.slug,
        description: "Peonies",
        price: "3.99",
        is_vertical: true,
        artist: { id: both.artist.id, name: both.artist.name, slug: both.artist.slug },
        categories: [{ id: floral.id, name: "Floral", slug: floral.slug }],
        occasions: [{ id: birthday.id, name: "Birthday", slug: birthday.slug }],
        tags: ["flowers", "pink"],
        images: [
          { type: "front", url: `${art}/front.svg` },
          { type: "inside", url: `${art}/inside.svg` },
          { type: "back", url: `${art}/back.svg` },
          { type: "thumbnail", url: `${art}/thumbnail.svg` },
        ],
        customization_type: { id: both.customizationType.id, name: both.customizationType.name },
      },
    ]);
  });

  it("formats prices to the cent", async () => {
    const res = await api.get("/cards", { token: user.token });
    const prices = Object.fromEntries(res.body.data.map((card: { id: number; price: string }) => [card.id, card.price]));
    expect(prices[birthdayFunny.id]).toBe("10.00");
    expect(prices[holidayFloral.id]).toBe("0.05");
  });

  it("filters by occasion, by category and by both", async () => {
    expect(ids((await api.get(`/cards?occasion_id=${birthday.id}`, { token: user.token })).body)).toEqual([both.id, birthdayFunny.id]);
    expect(ids((await api.get(`/cards?category_id=${floral.id}`, { token: user.token })).body)).toEqual([both.id, holidayFloral.id]);
    expect(ids((await api.get(`/cards?occasion_id=${holiday.id}&category_id=${floral.id}`, { token: user.token })).body)).toEqual([holidayFloral.id]);
    expect(ids((await api.get(`/cards?occasion_id=${holiday.id}&category_id=${funny.id}`, { token: user.token })).body)).toEqual([]);
    expect(ids((await api.get("/cards?occasion_id=999999", { token: user.token })).body)).toEqual([]);
  });

  it("walks every active card with the cursor, without gaps or duplicates", async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `per_page=1&cursor=${encodeURIComponent(cursor)}` : "per_page=1";
      const res = await api.get(`/cards?${query}`, { token: user.token });
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeLessThanOrEqual(1);
      seen.push(...ids(res.body));
      cursor = res.body.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual([both.id, birthdayFunny.id, holidayFloral.id, plain.id]);
  });

  it("keeps the filter while walking the cursor", async () => {
    const first = await api.get(`/cards?occasion_id=${birthday.id}&per_page=1`, { token: user.token });
    expect(ids(first.body)).toEqual([both.id]);
    const second = await api.get(`/cards?occasion_id=${birthday.id}&per_page=1&cursor=${encodeURIComponent(first.body.next_cursor)}`, { token: user.token });
    expect(ids(second.body)).toEqual([birthdayFunny.id]);
    expect(second.body.next_cursor).toBeNull();
  });

  it("answers an exactly full last page with next_cursor null", async () => {
    const res = await api.get("/cards?per_page=4", { token: user.token });
    expect(res.body.data).toHaveLength(4);
    expect(res.body.next_cursor).toBeNull();
  });

  it("refuses per_page out of 1..100 and non-integer filters with 422", async () => {
    for (const query of ["per_page=0", "per_page=101", "per_page=abc"]) {
      const res = await api.get(`/cards?${query}`, { token: user.token });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(["per_page"]);
    }
    expect((await api.get("/cards?per_page=100", { token: user.token })).status).toBe(200);
    const occasion = await api.get("/cards?occasion_id=birthday", { token: user.token });
    expect(occasion.status).toBe(422);
    expect(occasion.body.errors.occasion_id).toEqual(["The occasion id field must be a number."]);
    const category = await api.get("/cards?category_id=1.5", { token: user.token });
    expect(category.status).toBe(422);
    expect(Object.keys(category.body.errors)).toEqual(["category_id"]);
  });

  it("refuses a tampered cursor or one from another list with 422", async () => {
    const page = await api.get("/cards?per_page=1", { token: user.token });
    const tampered = `${page.body.next_cursor}x`;
    for (const cursor of [tampered, "not-a-cursor"]) {
      const res = await api.get(`/cards?cursor=${encodeURIComponent(cursor)}`, { token: user.token });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ cursor: ["The cursor is invalid."] });
    }
  });

  it("needs a token", async () => {
    const res = await api.get("/cards");
    expect(res.status).toBe(401);
  });
});

describe("GET /cards/{id}", () => {
  it("returns one active card", async () => {
    const res = await api.get(`/cards/${birthdayFunny.id}`, { token: user.token, headers: { "x-forwarded-host": "evil.example" } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: birthdayFunny.id, slug: birthdayFunny.slug, price: "10.00", categories: [{ id: funny.id }] });
    expect(res.body.data.images[0]).toEqual({ type: "front", url: `http://localhost:3000/card-art/${birthdayFunny.slug}/front.svg` });
  });

  it("returns a card without images with an empty list", async () => {
    const res = await api.get(`/cards/${plain.id}`, { token: user.token });
    expect(res.body.data).toMatchObject({ images: [], categories: [], occasions: [], tags: [] });
  });

  it("answers 404 Card not found for inactive, unknown and malformed ids", async () => {
    for (const id of [String(inactive.id), "999999", "abc", "1.5", "-1", "99999999999"]) {
      const res = await api.get(`/cards/${id}`, { token: user.token });
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ message: "Card not found" });
    }
  });

  it("allows GET only", async () => {
    const res = await api.delete(`/cards/${both.id}`, { token: user.token });
    expect(res.status).toBe(405);
  });
});
