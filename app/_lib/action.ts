import "server-only";
import type { z } from "zod";
import type { SessionUser } from "@/lib/auth/session-user";
import type { ServiceContext } from "@/lib/context";
import { AppError, type FieldErrors } from "@/lib/errors";
import { fieldErrorsForPeople, forPeople } from "@/lib/form-words";
import { log } from "@/lib/logger";
import { checkInput } from "@/lib/validation";
import { currentServiceContext, SESSION_ENDED } from "./service-context";

export type ActionResult<T = undefined> = { ok: true; data: T } | { ok: false; message: string; fieldErrors?: FieldErrors };

/**
 * Every server action is a public endpoint: this wrapper checks the session against the
 * database, parses the input with the domain's schema, and turns errors into words people
 * use ("Enter a ZIP code", lib/form-words.ts).
 */
export function userAction<S extends z.ZodType, T>(
  schema: S,
  run: (ctx: ServiceContext, input: z.output<S>, user: SessionUser) => Promise<T>,
): (input: z.input<S>) => Promise<ActionResult<T>> {
  return async (input) => {
    const ctx = await currentServiceContext();
    if (!ctx) return { ok: false, message: SESSION_ENDED };
    const checked = checkInput(schema, input);
    if (!checked.ok) return { ok: false, message: "Please correct the highlighted fields.", fieldErrors: fieldErrorsForPeople(checked.errors) };
    try {
      return { ok: true, data: await run(ctx, checked.data, ctx.user) };
    } catch (error) {
      return failure(error);
    }
  };
}

export function failure(error: unknown): { ok: false; message: string; fieldErrors?: FieldErrors } {
  if (error instanceof AppError) {
    // The API's wording of a validation failure, rewritten the way the forms speak.
    return { ok: false, message: forPeople(error.message), fieldErrors: error.details.errors && fieldErrorsForPeople(error.details.errors) };
  }
  log("action").error({ err: error }, "Server action failed");
  return { ok: false, message: "Something went wrong on our side. Please try again." };
}
