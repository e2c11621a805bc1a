import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { mails, users } from "@/db/schema";
import { setReminderWindow } from "@/lib/account/service";
import { createUser } from "@/test/api";
import { addContact } from "@/test/automation-fixtures";
import { accountsDueForDigest, sendReminderDigests } from "./reminder-digest";

async function accountIn(timeZone: string) {
  const user = await createUser();
  const db = await getDb();
  await db.update(users).set({ timeZone }).where(eq(users.id, user.id));
  return user;
}

/** Which of these accounts a pass at `now` would look at, and the day it would take as theirs. */
async function due(now: string, ids: number[]): Promise<Record<number, string>> {
  const found: Record<number, string> = {};
  for await (const batch of accountsDueForDigest(await getDb(), new Date(now))) {
    for (const account of batch) {
      if (ids.includes(account.id)) found[account.id] = `${account.today.year}-${String(account.today.month).padStart(2, "0")}-${String(account.today.day).padStart(2, "0")}`;
    }
  }
  return found;
}

async function digestsOf(userId: number) {
  const db = await getDb();
  return db.select({ text: mails.text }).from(mails).where(and(eq(mails.userId, userId), eq(mails.kind, "reminder_digest"))).orderBy(mails.id);
}

async function checkedOn(userId: number) {
  const db = await getDb();
  const [row] = await db.select({ day: users.reminderCheckedOn }).from(users).where(eq(users.id, userId));
  return row!.day;
}

describe("the reminder digest in the account's own day", () => {
  it("goes out in Auckland's morning, of Auckland's day, while it is still the day before in UTC", async () => {
    const db = await getDb();
    const user = await accountIn("Pacific/Auckland");
    await addContact(user.id, { firstName: "Tama", lastName: "Ngata", birthMonth: 3, birthDay: 11 });
    await addContact(user.id, { firstName: "Aroha", lastName: "Wiremu", birthMonth: 3, birthDay: 10 });

    // 07:30 on March 10 in Auckland (NZDT, UTC+13): past 08:00 in UTC, not yet in the account's morning.
    expect(await due("2030-03-09T18:30:00Z", [user.id])).toEqual({});
    await sendReminderDigests(db, new Date("2030-03-09T18:30:00Z"));
    expect(await digestsOf(user.id)).toEqual([]);

    // 08:30 there: its day is March 10, so March 11 is tomorrow (in UTC it would be in 2 days).
    expect(await due("2030-03-09T19:30:00Z", [user.id])).toEqual({ [user.id]: "2030-03-10" });
    await sendReminderDigests(db, new Date("2030-03-09T19:30:00Z"));
    const [digest] = await digestsOf(user.id);
    expect(digest!.text).toContain("Sunday, March 10 (today): Aroha Wiremu's birthday");
    expect(digest!.text).toContain("Monday, March 11 (tomorrow): Tama Ngata's birthday");
    expect(await checkedOn(user.id)).toBe("2030-03-10");

    // The rest of its day, including once UTC's March 10 begins, the account is not read again.
    for (const now of ["2030-03-09T20:30:00Z", "2030-03-10T05:30:00Z", "2030-03-10T18:30:00Z"]) expect(await due(now, [user.id])).toEqual({});
    await sendReminderDigests(db, new Date("2030-03-10T05:30:00Z"));
    expect(await digestsOf(user.id)).toHaveLength(1);

    // Its next morning, the next day's digest.
    expect(await due("2030-03-10T19:30:00Z", [user.id])).toEqual({ [user.id]: "2030-03-11" });
    await sendReminderDigests(db, new Date("2030-03-10T19:30:00Z"));
    const [, next] = await digestsOf(user.id);
    expect(next!.text).toContain("Monday, March 11 (today): Tama Ngata's birthday");
    expect(next!.text).not.toContain("Aroha");
  });

  it("goes out in Los Angeles's morning, and a morning missed at the first pass of the day, while UTC has moved on", async () => {
    const db = await getDb();
    const user = await accountIn("America/Los_Angeles");
    await addContact(user.id, { firstName: "Rosa", lastName: "Park", birthMonth: 3, birthDay: 10 });

    // 07:30 on March 9 in Los Angeles (PST, UTC-8): not yet.
    expect(await due("2030-03-09T15:30:00Z", [user.id])).toEqual({});
    // 21:30 on March 9 there, already March 10 in UTC: the first pass since the morning sends the
    // digest of the account's March 9, in which March 10 is tomorrow (in UTC it would be today).
    expect(await due("2030-03-10T05:30:00Z", [user.id])).toEqual({ [user.id]: "2030-03-09" });
    await sendReminderDigests(db, new Date("2030-03-10T05:30:00Z"));
    const [digest] = await digestsOf(user.id);
    expect(digest!.text).toContain("Sunday, March 10 (tomorrow): Rosa Park's birthday");
    expect(await checkedOn(user.id)).toBe("2030-03-09");
    expect(await due("2030-03-10T06:30:00Z", [user.id])).toEqual({});

    // March 10 is the day daylight saving time begins (PDT, UTC-7): 07:30 there is 14:30 UTC.
    expect(await due("2030-03-10T14:30:00Z", [user.id])).toEqual({});
    expect(await due("2030-03-10T15:30:00Z", [user.id])).toEqual({ [user.id]: "2030-03-10" });
    await sendReminderDigests(db, new Date("2030-03-10T15:30:00Z"));
    const [, today] = await digestsOf(user.id);
    expect(today!.text).toContain("Sunday, March 10 (today): Rosa Park's birthday");
  });

  it("records a day with nothing to send too, and reads a zone it does not know as UTC without failing the pass", async () => {
    const db = await getDb();
    const empty = await accountIn("Europe/Paris");
    const unknown = await accountIn("Mars/Olympus_Mons");
    await addContact(unknown.id, { firstName: "Olympia", lastName: "Mons", birthMonth: 6, birthDay: 2 });

    expect(await due("2030-06-01T07:30:00Z", [empty.id, unknown.id])).toEqual({ [empty.id]: "2030-06-01" });
    expect(await due("2030-06-01T08:30:00Z", [empty.id, unknown.id])).toEqual({ [empty.id]: "2030-06-01", [unknown.id]: "2030-06-01" });
    await sendReminderDigests(db, new Date("2030-06-01T08:30:00Z"));
    expect(await digestsOf(empty.id)).toEqual([]);
    expect(await checkedOn(empty.id)).toBe("2030-06-01");
    const [digest] = await digestsOf(unknown.id);
    expect(digest!.text).toContain("Sunday, June 2 (tomorrow): Olympia Mons's birthday");
    expect(await due("2030-06-01T09:30:00Z", [empty.id, unknown.id])).toEqual({});
  });
});

describe("a reminder window changed during the day", () => {
  it("is read again at the next pass of the same day, which still mails the day's digest once", async () => {
    const db = await getDb();
    const user = await accountIn("UTC");
    await addContact(user.id, { firstName: "Noor", lastName: "Haddad", birthMonth: 5, birthDay: 20 });
    await setReminderWindow({ db, user: { id: user.id, accountType: 1 } }, { reminder_window: "7" });

    await sendReminderDigests(db, new Date("2031-05-01T09:00:00Z"));
    expect(await checkedOn(user.id)).toBe("2031-05-01");
    expect(await digestsOf(user.id)).toEqual([]);

    // Widened at noon: the birthday 19 days away is in the window now, and in today's digest.
    await setReminderWindow({ db, user: { id: user.id, accountType: 1 } }, { reminder_window: "30" });
    expect(await due("2031-05-01T13:00:00Z", [user.id])).toEqual({ [user.id]: "2031-05-01" });
    await sendReminderDigests(db, new Date("2031-05-01T13:00:00Z"));
    expect(await digestsOf(user.id)).toHaveLength(1);

    // Changed again the same day: read again, but the day already has its digest.
    await setReminderWindow({ db, user: { id: user.id, accountType: 1 } }, { reminder_window: "14" });
    await sendReminderDigests(db, new Date("2031-05-01T14:00:00Z"));
    expect(await digestsOf(user.id)).toHaveLength(1);
  });
});
