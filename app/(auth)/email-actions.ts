"use server";

import { confirmEmailChange } from "@/lib/account/email-change";
import { failure } from "@/app/_lib/action";
import { publicServiceContext } from "@/lib/context";

export type ConfirmEmailState = { message?: string; confirmed?: string };

export async function confirmEmailAction(_state: ConfirmEmailState, form: FormData): Promise<ConfirmEmailState> {
  try {
    const { email } = await confirmEmailChange((await publicServiceContext()).db, form.get("token"));
    return { confirmed: email };
  } catch (error) {
    return { message: failure(error).message };
  }
}
