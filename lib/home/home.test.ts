import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { runDueAutomations } from "@/lib/automations/scheduler";
import type { ServiceContext } from "@/lib/context";
import { addDays, startOfUtcDay, toDateOnly } from "@/lib/dates";
import { api, createUser, type TestUser } from "@/test/api";
import { addContact, addGroup, createAutomation } from "@/test/automation-fixtures";
import { createCard } from "@/test/order-fixtures";
import { getHomeData } from "./home";

// The real clock, as the page uses it: every date is a number of days from today (UTC).
const today = startOfUtcDay(new Date());
const day = (n: number) => addDays(today, n);
const on = (n: number) => ({ birthMonth: day(n).getUTCMonth() + 1, birthDay: day(n).getUTCDate() });
const ctxOf = (user: TestUser): ServiceContext => ({ db: user.db, user: { id: user.id, accountType: 1 } });

describe("home", () => {
  it("lists the next 30 days across months with what coverage says of each, the credit and the first steps left", async () => {
    const user = await createUser({ creditCents: 2_500 });
    const before = await getHomeData(ctxOf(user), toDateOnly(today));
    expect(before).toMatchObject({ dates: [], inThePost: [], creditCents: 2_500, firstSteps: { contacts: false, returnAddress: false, automation: false } });

    const card = await createCard({ priceCents: 499 });
    const nana = await addContact(user.id, { firstName: "Nana", lastName: "Rose", ...on(4) });
    const sean = await addContact(user.id, { firstName: "Sean", lastName: "Doyle", ...on(20) });
    await addContact(user.id, { firstName: "Ada", lastName: "Byron", ...on(29) });
    await addContact(user.id, { firstName: "Late", lastName: "Comer", ...on(31) });
    const family = await addGroup(user.id, [nana.id, sean.id]);
    const automation = await createAutomation(user, card.id, { name: "Family birthdays", group_id: family.id, days_before: 3, active: true });

    const home = await getHomeData(ctxOf(user), toDateOnly(today));
    expect(home.dates.map((d) => [d.date, d.entry.name, d.state])).toEqual([
      [toDateOnly(day(4)), "Nana Rose", { kind: "too_late", automations: ["Family birthdays"] }],
      [toDateOnly(day(20)), "Sean Doyle", { kind: "automated", automations: ["Family birthdays"] }],
      [toDateOnly(day(29)), "Ada Byron", { kind: "nothing" }],
    ]);
    expect(home.firstSteps).toEqual({ contacts: true, returnAddress: false, automation: true });

    // The automation's own list says the same, and a pass of the scheduler orders nothing for her.
    const upcoming = await api.get(`/automations/${automation.id}/upcoming`, { token: user.token });
    expect(upcoming.status).toBe(200);
    expect(upcoming.body.data.find((o: { name: string }) => o.name === "Nana Rose")).toMatchObject({ status: "too_late" });
    await runDueAutomations(await getDb(), { automationId: automation.id });
    const after = await getHomeData(ctxOf(user), toDateOnly(today));
    expect(after.dates[0]?.state).toEqual({ kind: "too_late", automations: ["Family birthdays"] });
    expect(after.inThePost).toEqual([]);
  });
});
