import { describe, expect, it } from "vitest";
import { findSessionUser } from "@/lib/auth/session-user";
import { signUp } from "@/lib/auth/login";
import type { ServiceContext } from "@/lib/context";
import { AppError } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { api, createUser, type TestUser } from "@/test/api";
import { changePassword } from "./password";
import { updateAccountSettingsSchema } from "./schema";
import { getAccount, updateAccountSettings } from "./service";

const ctxOf = (user: TestUser): ServiceContext => ({ db: user.db, user: { id: user.id, accountType: 1 } });

describe("the account's name and time zone", () => {
  it("starts in the zone guessed at sign-up, or UTC", async () => {
    const { db } = await createUser();
    const guessed = await signUp(db, { username: "Ada", email: `ada-${Date.now()}@example.com`, password: "analytical-engine-1843", time_zone: "Europe/London" }, "192.0.2.60");
    expect(guessed.timeZone).toBe("Europe/London");
    const unguessed = await signUp(db, { username: "Bea", email: `bea-${Date.now()}@example.com`, password: "analytical-engine-1843" }, "192.0.2.60");
    expect(unguessed.timeZone).toBe("UTC");
  });

  it("renames the account and moves it to another zone, which every signed-in page reads", async () => {
    const user = await createUser();
    const ctx = ctxOf(user);
    const account = await updateAccountSettings(ctx, parseInput(updateAccountSettingsSchema, { username: "  Grace Hopper ", time_zone: "america/new_york" }));
    expect(account).toMatchObject({ username: "Grace Hopper", timeZone: "America/New_York" });
    expect(await getAccount(ctx)).toMatchObject({ username: "Grace Hopper", timeZone: "America/New_York" });
    expect(await findSessionUser(user.db, { id: user.id, sessionVersion: 0 })).toMatchObject({ username: "Grace Hopper", timeZone: "America/New_York" });
    // The API keeps answering in UTC, with the new name.
    const res = await api.get("/account", { token: user.token });
    expect(res.body.username).toBe("Grace Hopper");
    expect(res.body.created_at).toMatch(/(Z|\+00:00)$/);
    expect(res.body).not.toHaveProperty("time_zone");
  });
});

describe("a password change", () => {
  it("refuses a new password that contains the account's name or email", async () => {
    const user = await createUser();
    const error = await changePassword(ctxOf(user), { current_password: user.password, new_password: `my-${user.email}` }, "192.0.2.61").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).details.errors).toEqual({ new_password: ["The password must not contain your name or email address."] });
  });
});
