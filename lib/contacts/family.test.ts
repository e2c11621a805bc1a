import { describe, expect, it } from "vitest";
import { planFamily, type FamilyMember } from "./family";

const member = (name: string, birthday?: [number, number]): FamilyMember => ({
  name,
  birth_month: birthday?.[0] ?? null,
  birth_day: birthday?.[1] ?? null,
  birth_year: null,
});
const stored = (id: number, name: string, birthday?: [number, number]) => ({
  id,
  contact_id: "c",
  name,
  birth_month: birthday?.[0] ?? null,
  birth_day: birthday?.[1] ?? null,
});

describe("planFamily", () => {
  it("keeps the row of a person sent again, whatever the case, spacing or place in the list", () => {
    const plan = planFamily([stored(1, "Lily", [3, 10]), stored(2, "Rex")], [member("Max", [8, 1]), member(" LILY", [3, 10]), member("rex")]);
    expect(plan.keep).toEqual([
      { id: 1, position: 1, member: member(" LILY", [3, 10]) },
      { id: 2, position: 2, member: member("rex") },
    ]);
    expect(plan.insert).toEqual([{ position: 0, member: member("Max", [8, 1]) }]);
    expect(plan.remove).toEqual([]);
  });

  it("takes a new name on the same birthday for the same person, and a name first over a birthday", () => {
    const plan = planFamily([stored(1, "Lily", [3, 10]), stored(2, "Rose", [3, 10])], [member("Lilly", [3, 10]), member("Rose", [3, 10])]);
    expect(plan.keep.map(({ id, position }) => [id, position])).toEqual([
      [1, 0],
      [2, 1],
    ]);
    expect(plan.insert).toEqual([]);
  });

  it("removes who is not sent again and inserts who is new; a birthday unknown matches by name only", () => {
    const plan = planFamily([stored(1, "Lily", [3, 10]), stored(2, "Bo")], [member("Ann"), member("Zed", [3, 11])]);
    expect(plan.keep).toEqual([]);
    expect(plan.insert.map(({ member }) => member.name)).toEqual(["Ann", "Zed"]);
    expect(plan.remove.sort()).toEqual([1, 2]);
  });
});
