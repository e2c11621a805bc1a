import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import type { ServiceContext } from "@/lib/context";
import { createUser } from "@/test/api";
import { createCard } from "@/test/fixtures";
import { cardImageSize, cardSides } from "./catalog-item";
import { getCardOrThrow } from "./service";

let ctx: ServiceContext;

beforeAll(async () => {
  const user = await createUser();
  ctx = { db: await getDb(), user: { id: user.id, accountType: 1 } };
});

describe("the sides the card page shows", () => {
  it("turns a folded card front, inside, back, each at its own size", async () => {
    const fixture = await createCard(await getDb(), { name: "Tide", isVertical: true });
    const sides = cardSides(await getCardOrThrow(ctx, fixture.id));
    expect(sides).toEqual([
      { label: "Front", src: `/card-art/${fixture.slug}/front.svg`, alt: "Tide — front", width: 500, height: 700 },
      { label: "Inside", src: `/card-art/${fixture.slug}/inside.svg`, alt: "Tide — inside", width: 1000, height: 700 },
      { label: "Back", src: `/card-art/${fixture.slug}/back.svg`, alt: "Tide — back", width: 500, height: 700 },
    ]);
  });

  it("shows a postcard's written side once, as its back", async () => {
    const fixture = await createCard(await getDb(), { name: "Seaside", isVertical: false, isPostcard: true });
    const sides = cardSides(await getCardOrThrow(ctx, fixture.id));
    expect(sides.map((side) => [side.label, side.src, side.width, side.height])).toEqual([
      ["Front", `/card-art/${fixture.slug}/front.svg`, 700, 500],
      ["Back", `/card-art/${fixture.slug}/back.svg`, 700, 500],
    ]);
    // A postcard listed before it had a back image shows its inside, which is the same side.
    const older = await createCard(await getDb(), { isPostcard: true, imageTypes: ["front", "inside", "thumbnail"] });
    expect(cardSides(await getCardOrThrow(ctx, older.id)).map((side) => [side.label, side.src])).toEqual([
      ["Front", `/card-art/${older.slug}/front.svg`],
      ["Back", `/card-art/${older.slug}/inside.svg`],
    ]);
  });

  it("leaves out the sides a card has no picture of", async () => {
    const frontOnly = await createCard(await getDb(), { imageTypes: ["front"] });
    expect(cardSides(await getCardOrThrow(ctx, frontOnly.id)).map((side) => side.label)).toEqual(["Front"]);
    const bare = await createCard(await getDb(), { imageTypes: [] });
    expect(cardSides(await getCardOrThrow(ctx, bare.id))).toEqual([]);
  });
});

describe("the generated pictures' sizes", () => {
  it("draws a folded card's inside as two panels and a postcard's inside, its back, as one", () => {
    expect(cardImageSize("inside", { isVertical: true, isPostcard: false })).toEqual({ width: 1000, height: 700 });
    expect(cardImageSize("inside", { isVertical: false, isPostcard: false })).toEqual({ width: 700, height: 1000 });
    expect(cardImageSize("inside", { isVertical: false, isPostcard: true })).toEqual({ width: 700, height: 500 });
    expect(cardImageSize("thumbnail", { isVertical: true, isPostcard: false })).toEqual({ width: 240, height: 336 });
  });
});
