import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import type { ServiceContext } from "@/lib/context";
import { AppError } from "@/lib/errors";
import { createUser } from "@/test/api";
import { addContact, addGroup, createAutomation } from "@/test/automation-fixtures";
import { createCard } from "@/test/order-fixtures";
import { runDueAutomations } from "./scheduler";
import { listUpcoming, previewUpcoming } from "./upcoming";

// 2030-03-03: a birthday on 2030-03-10 with days_before 0 is due that day.
const NOW = new Date("2030-03-03T09:30:00Z");

async function userWithBook() {
  const user = await createUser({ creditCents: 1_000 });
  const ctx: ServiceContext = { db: user.db, user: { id: user.id, accountType: 1 } };
  const ann = await addContact(user.id, { firstName: "Ann", lastName: "Lee", birthMonth: 3, birthDay: 10 });
  const bob = await addContact(user.id, { firstName: "Bob", lastName: "Ray", birthMonth: 4, birthDay: 2, birthYear: 1990 });
  await addContact(user.id, { firstName: "Cy", lastName: "Noaddress", birthMonth: 3, birthDay: 20, address: null });
  const family = await addGroup(user.id, [bob.id]);
  return { user, ctx, ann, bob, family };
}

describe("previewUpcoming", () => {
  it("gives for settings not saved what the same automation, once saved, lists as upcoming", async () => {
    const { user, ctx, family } = await userWithBook();
    const card = await createCard({ priceCents: 300 });
    const settings = { card_id: card.id, events: ["birthday" as const], message: "Happy {age} birthday, {first_name}!", days_before: 2 };

    const everyone = await previewUpcoming(ctx, settings, NOW);
    expect(everyone.occurrences.map((o) => [o.name, o.sendDate, o.deliveryDate, o.message])).toEqual([
      ["Ann Lee", "2030-03-03", "2030-03-10", "Happy  birthday, Ann!"],
      ["Bob Ray", "2030-03-24", "2030-03-31", "Happy 40 birthday, Bob!"],
    ]);
    expect([everyone.totalCents, everyone.creditAvailableCents]).toEqual([600, 1_000]);

    const ofGroup = await previewUpcoming(ctx, { ...settings, group_id: family.id }, NOW);
    expect(ofGroup.occurrences.map((o) => o.name)).toEqual(["Bob Ray"]);
    const saved = await createAutomation(user, card.id, { ...settings, group_id: family.id, active: false });
    expect(await listUpcoming(ctx, saved.id, {}, NOW)).toEqual(ofGroup);
  });

  it("leaves out what the automation being edited has sent, and answers like the API for another user's group or automation", async () => {
    const { user, ctx } = await userWithBook();
    const card = await createCard({ priceCents: 100 });
    const automation = await createAutomation(user, card.id, { days_before: 0 });
    await runDueAutomations(await getDb(), { now: NOW, automationId: automation.id });
    const settings = { card_id: card.id, events: ["birthday" as const], message: "Hi {first_name}", days_before: 0 };

    const edited = await previewUpcoming(ctx, { ...settings, automation_id: automation.id }, NOW);
    expect(edited.occurrences.map((o) => o.name)).toEqual(["Bob Ray"]);
    const fresh = await previewUpcoming(ctx, settings, NOW);
    expect(fresh.occurrences.map((o) => o.name)).toEqual(["Ann Lee", "Bob Ray"]);

    const other = await userWithBook();
    const refused = await previewUpcoming(ctx, { ...settings, group_id: other.family.id }, NOW).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).details.errors).toEqual({ group_id: ["The selected group id is invalid."] });
    const notMine = await previewUpcoming(other.ctx, { ...settings, automation_id: automation.id }, NOW).catch((error: unknown) => error);
    expect((notMine as AppError).message).toBe("Automation not found");
    const badMessage = await previewUpcoming(ctx, { ...settings, message: "Hi {nickname}" }, NOW).catch((error: unknown) => error);
    expect(Object.keys((badMessage as AppError).details.errors ?? {})).toEqual(["message"]);
  });
});
