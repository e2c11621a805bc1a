import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { orders } from "@/db/schema";
import { createUser } from "@/test/api";
import { addContact, createAutomation } from "@/test/automation-fixtures";
import { createCard } from "@/test/order-fixtures";
import { automationsPassJob } from "./automations-pass";
import { handle as runPass } from "./automations-pass.handler";

describe("the automations-pass job", () => {
  it("sends what is due on the day its clock says, once however often it runs, for one automation or all", async () => {
    const user = await createUser({ creditCents: 10_000 });
    const card = await createCard({ priceCents: 300 });
    await addContact(user.id, { firstName: "Ada", lastName: "Byron", birthMonth: 12, birthDay: 10 });
    const automation = await createAutomation(user, card.id, { events: ["birthday"], message: "Happy birthday, {first_name}!" });
    const db = await getDb();
    const ordersOf = () => db.select({ id: orders.id }).from(orders).where(eq(orders.userId, user.id));

    // 2030-11-30: the birthday is 10 days away, not yet due (it goes out 7 days ahead).
    await runPass({ db, clock: { now: () => new Date("2030-11-30T12:00:00Z") } }, {});
    expect(await ordersOf()).toEqual([]);

    const due = { db, clock: { now: () => new Date("2030-12-03T00:01:00Z") } };
    await runPass(due, { automationId: automation.id });
    await runPass(due, {});
    expect(await ordersOf()).toHaveLength(1);
  });

  it("refuses a payload that is not an automation id", () => {
    expect(automationsPassJob.payload.safeParse({ automationId: "1" }).success).toBe(false);
    expect(automationsPassJob.payload.safeParse({ extra: true }).success).toBe(false);
  });
});
