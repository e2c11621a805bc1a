import { z } from "zod";
import "@/lib/validation";
import { DEFAULT_TIME_ZONE, canonicalTimeZone } from "@/lib/time-zone";
import { isPersonalPassword, newPasswordSchema, PERSONAL_PASSWORD_MESSAGE } from "./password-rules";

const guessedTimeZone = z.preprocess(
  (value) => (typeof value === "string" ? (canonicalTimeZone(value) ?? DEFAULT_TIME_ZONE) : DEFAULT_TIME_ZONE),
  z.string(),
);

const appId = z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string().min(1).max(100));

export const loginSchema = z.object({
  app_id: appId,
  email: z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.email().max(255)),
  password: z.string().min(1).max(1024),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** A token made in the web app: the app_id a login would name. */
export const createTokenSchema = z.object({ app_id: appId });
export type CreateTokenInput = z.infer<typeof createTokenSchema>;

export const signUpSchema = z
  .object({
    username: z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string().min(1).max(100)),
    email: z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.email().max(255)),
    password: newPasswordSchema,
    // Filled by the browser with its own zone; anything else is UTC (the account page changes it).
    time_zone: guessedTimeZone,
  })
  .refine((input) => !isPersonalPassword(input.password, { email: input.email, name: input.username }), {
    path: ["password"],
    message: PERSONAL_PASSWORD_MESSAGE,
  });
export type SignUpInput = z.infer<typeof signUpSchema>;

/** The forgotten-password form: the account's email. */
export const forgotPasswordSchema = z.object({ email: signUpSchema.shape.email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** A new password through a mailed reset link: the link's secret and the password, under the sign-up rules. */
export const resetPasswordSchema = z.object({ token: z.string().min(1).max(200), password: signUpSchema.shape.password });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
