import { describe, expect, it } from "vitest";
import { cardsForEvents, occasionsInWords, type FormCard } from "./card-choice";

const card = (id: number, occasions: string[], isBox = false): FormCard => ({
  id,
  name: `Card ${id}`,
  priceCents: 399,
  look: {} as FormCard["look"],
  picture: `/cards/${id}.svg`,
  occasions,
  isBox,
});

const birthday = card(1, ["birthday"]);
const birthdayBox = card(2, ["birthday"], true);
const anniversary = card(3, ["anniversary", "wedding"]);
const sympathy = card(4, ["sympathy"]);
const both = card(5, ["birthday", "anniversary"]);
const catalog = [birthday, birthdayBox, anniversary, sympathy, both];
const ids = (cards: FormCard[]) => cards.map((c) => c.id);

describe("the cards an automation's picker offers", () => {
  it("are the cards made for its events' occasions, family birthdays included, never a box", () => {
    expect(ids(cardsForEvents(catalog, ["birthday"], 1, false))).toEqual([1, 5]);
    expect(ids(cardsForEvents(catalog, ["child_birthday", "pet_birthday"], 1, false))).toEqual([1, 5]);
    expect(ids(cardsForEvents(catalog, ["anniversary"], 3, false))).toEqual([3, 5]);
    expect(ids(cardsForEvents(catalog, ["spouse_birthday", "anniversary"], 1, false))).toEqual([1, 3, 5]);
  });

  it("keep the chosen card, first, when the events leave it out, so that nothing changes the choice", () => {
    expect(ids(cardsForEvents(catalog, ["birthday"], 4, false))).toEqual([4, 1, 5]);
    expect(ids(cardsForEvents(catalog, [], 3, false))).toEqual([3]);
    expect(ids(cardsForEvents(catalog, [], null, false))).toEqual([]);
  });

  it("are every card, boxes and other occasions too, when the person asks for all", () => {
    expect(ids(cardsForEvents(catalog, ["birthday"], 1, true))).toEqual([1, 2, 3, 4, 5]);
  });

  it("are described by their occasions in words", () => {
    expect(occasionsInWords(["birthday", "child_birthday"])).toBe("birthdays");
    expect(occasionsInWords(["anniversary"])).toBe("anniversaries");
    expect(occasionsInWords(["pet_birthday", "anniversary"])).toBe("birthdays and anniversaries");
    expect(occasionsInWords([])).toBeNull();
  });
});
