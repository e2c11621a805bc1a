import { describe, expect, it } from "vitest";
import { changePasswordSchema } from "@/lib/account/schema";
import { checkInput } from "@/lib/validation";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword, isPersonalPassword, PERSONAL_PASSWORD_MESSAGE } from "./password-rules";
import { signUpSchema } from "./schema";

const signUpErrors = (password: string, account = { username: "Grace Hopper", email: "grace.hopper@example.com" }) => {
  const result = checkInput(signUpSchema, { ...account, password });
  return result.ok ? undefined : result.errors.password;
};

describe("the rules of a new password", () => {
  it("takes a long enough password that is neither common nor personal", () => {
    expect(signUpErrors("compiler-at-sea-1952")).toBeUndefined();
    expect(checkInput(changePasswordSchema, { current_password: "x", new_password: "compiler-at-sea-1952" }).ok).toBe(true);
  });

  it("wants at least 8 characters and at most 1,024", () => {
    expect(signUpErrors("short")).toEqual(["The password field must be at least 8 characters."]);
    expect(signUpErrors("x".repeat(1025))).toEqual(["The password field must not be greater than 1024 characters."]);
  });

  it("refuses the passwords tried first, whatever their case", () => {
    for (const password of ["password", "12345678", "Iloveyou1", "qwertyuiop", "PASSWORD1"]) {
      expect(isCommonPassword(password), password).toBe(true);
      expect(signUpErrors(password), password).toEqual([COMMON_PASSWORD_MESSAGE]);
    }
    const change = checkInput(changePasswordSchema, { current_password: "x", new_password: "sunshine" });
    expect(change).toEqual({ ok: false, errors: { new_password: [COMMON_PASSWORD_MESSAGE] } });
  });

  it("refuses a password that contains the account's name or email", () => {
    expect(signUpErrors("grace.hopper@example.com")).toEqual([PERSONAL_PASSWORD_MESSAGE]);
    expect(signUpErrors("my-grace.hopper-pw")).toEqual([PERSONAL_PASSWORD_MESSAGE]);
    expect(signUpErrors("GraceHopper2026")).toEqual([PERSONAL_PASSWORD_MESSAGE]);
    // A name too short to guess from is no hint: "Al" may appear in any password.
    expect(isPersonalPassword("always-alert-1", { name: "Al", email: "al@example.com" })).toBe(false);
  });
});
