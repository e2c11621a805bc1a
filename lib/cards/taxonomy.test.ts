import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { createUser, type TestUser } from "@/test/api";
import { createCard, createCategory, createOccasion } from "@/test/fixtures";
import { catalogFilterTerms, listCardTaxonomy } from "./taxonomy";

let user: TestUser;
const ctxOf = (u: TestUser) => ({ db: u.db, user: { id: u.id, accountType: 1 } });

beforeAll(async () => {
  user = await createUser();
});

describe("listCardTaxonomy", () => {
  it("lists every category and occasion by name, with its number of active cards", async () => {
    const db = await getDb();
    const thanks = await createCategory(db, "Thank You");
    const birthday = await createCategory(db, "Birthday");
    const empty = await createCategory(db, "Anniversary");
    const spring = await createOccasion(db, "Spring");
    const graduation = await createOccasion(db, "Graduation");
    await createCard(db, { categoryIds: [birthday.id, thanks.id], occasionIds: [graduation.id] });
    await createCard(db, { categoryIds: [birthday.id], occasionIds: [graduation.id, spring.id] });
    // Inactive cards are not in the catalog, so they don't count.
    await createCard(db, { categoryIds: [thanks.id], occasionIds: [spring.id], isActive: false });

    const taxonomy = await listCardTaxonomy(ctxOf(user));

    expect(taxonomy.categories).toEqual([
      { id: empty.id, name: "Anniversary", slug: empty.slug, activeCards: 0 },
      { id: birthday.id, name: "Birthday", slug: birthday.slug, activeCards: 2 },
      { id: thanks.id, name: "Thank You", slug: thanks.slug, activeCards: 1 },
    ]);
    expect(taxonomy.occasions).toEqual([
      { id: graduation.id, name: "Graduation", slug: graduation.slug, activeCards: 2 },
      { id: spring.id, name: "Spring", slug: spring.slug, activeCards: 1 },
    ]);
  });
});

describe("catalogFilterTerms", () => {
  const term = (id: number, name: string) => ({ id, name, slug: name.toLowerCase().replace(/ /g, "-"), activeCards: 1 });
  const taxonomy = {
    categories: [term(1, "Birthday"), term(2, "Everyday"), term(3, "Thank You")],
    occasions: [term(4, "Birthday"), term(5, "Just Because"), term(6, "thank you")],
  };

  it("offers a category named like an occasion only once, as the occasion", () => {
    const terms = catalogFilterTerms(taxonomy);
    expect(terms.occasions).toEqual(taxonomy.occasions);
    expect(terms.categories.map((t) => t.name)).toEqual(["Everyday"]);
  });

  it("keeps such a category while it is the one chosen", () => {
    expect(catalogFilterTerms(taxonomy, "birthday").categories.map((t) => t.name)).toEqual(["Birthday", "Everyday"]);
  });
});
