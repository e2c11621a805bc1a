"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { userAction, type ActionResult } from "@/app/_lib/action";
import { flash } from "@/app/_lib/flash";
import { addressWarnings } from "@/lib/contacts/address-warnings";
import { contactAddressSchema } from "@/lib/contacts/schema";
import { updateContact } from "@/lib/contacts/service";
import { AppError } from "@/lib/errors";
import { formatMoney } from "@/lib/money";
import { checkoutBodySchema } from "@/lib/orders/schema";
import { checkoutProject } from "@/lib/orders/service";
import { CSV_MAX_CHARS, parseRecipientsCsv, type RecipientsCsv } from "@/lib/projects/csv";
import { addRecipients } from "@/lib/projects/recipients";
import { addContactsToProjectSchema, recipientSchema, updateProjectSchema } from "@/lib/projects/schema";
import { addContactsToProject, addGroupToProject, removeRecipient, updateProject } from "@/lib/projects/service";
import { changeProjectCard, deleteProject, duplicateProject, setRecipientMessage } from "@/lib/projects/manage";

const projectUuid = z.string().max(64);

/** The project page, its checkout and the projects list all show recipients and totals. */
function revalidateProject(uuid: string) {
  revalidatePath("/projects");
  revalidatePath(`/projects/${uuid}`, "layout");
}

export const updateProjectAction = userAction(updateProjectSchema.extend({ project_uuid: projectUuid }), async (ctx, { project_uuid: uuid, ...input }) => {
  await updateProject(ctx, uuid, input);
  revalidateProject(uuid);
  return null;
});

export const removeRecipientAction = userAction(z.object({ project_uuid: projectUuid, contact_id: z.string().max(64) }), async (ctx, input) => {
  await removeRecipient(ctx, input.project_uuid, input.contact_id);
  revalidateProject(input.project_uuid);
  return null;
});

export const addContactsAction = userAction(addContactsToProjectSchema.extend({ project_uuid: projectUuid }), async (ctx, input) => {
  const added = await addContactsToProject(ctx, input.project_uuid, input.contact_ids);
  revalidateProject(input.project_uuid);
  return { added };
});

export const addGroupAction = userAction(z.object({ project_uuid: projectUuid, group_id: z.number().int() }), async (ctx, input) => {
  const added = await addGroupToProject(ctx, input.project_uuid, input.group_id);
  revalidateProject(input.project_uuid);
  return { added };
});

/** One recipient typed in by hand; field errors come back under the recipient's own field names. */
export const addRecipientAction = userAction(recipientSchema.extend({ project_uuid: projectUuid }), async (ctx, { project_uuid: uuid, ...recipient }) => {
  try {
    const result = await addRecipients(ctx, uuid, { recipients: [recipient] });
    revalidateProject(uuid);
    return { updated: result.contactsUpdated > 0 };
  } catch (error) {
    throw withFieldsOfOneRecipient(error);
  }
});

/** The service names the fields of a batch (`recipients.0.zip`); the form has one person's (`zip`). */
function withFieldsOfOneRecipient(error: unknown): unknown {
  if (!(error instanceof AppError) || !error.details.errors) return error;
  const errors = Object.fromEntries(Object.entries(error.details.errors).map(([field, messages]) => [field.replace(/^recipients\.0\./, ""), messages]));
  return new AppError(error.code, error.message, { ...error.details, errors });
}

/** One recipient's own message, edited in the recipients table; empty goes back to the project's. */
export const setRecipientMessageAction = userAction(
  z.object({ project_uuid: projectUuid, contact_id: z.string().max(64), override_message: recipientSchema.shape.override_message }),
  async (ctx, input) => {
    await setRecipientMessage(ctx, input.project_uuid, input.contact_id, input.override_message ?? null);
    revalidateProject(input.project_uuid);
    return null;
  },
);

/** A flagged recipient's address fixed on the project or checkout page: the contact itself changes. */
export const fixRecipientAddressAction = userAction(
  contactAddressSchema.extend({ project_uuid: projectUuid, contact_id: z.string().max(64) }),
  async (ctx, { project_uuid: uuid, contact_id: contactId, ...address }) => {
    const contact = await updateContact(ctx, contactId, address);
    revalidateProject(uuid);
    revalidatePath("/contacts", "layout");
    return { warnings: addressWarnings(contact) };
  },
);

/** Another card for a project nothing of which is ordered; back to the project. */
export const changeCardAction = userAction(z.object({ project_uuid: projectUuid, card_id: z.number().int() }), async (ctx, input) => {
  await changeProjectCard(ctx, input.project_uuid, input.card_id);
  revalidateProject(input.project_uuid);
  return null;
});

export async function changeCardAndReturnAction(input: { project_uuid: string; card_id: number }): Promise<ActionResult<null>> {
  const result = await changeCardAction(input);
  if (!result.ok) return result;
  await flash("Card changed");
  redirect(`/projects/${input.project_uuid}`);
}

const duplicateProjectAction = userAction(z.object({ project_uuid: projectUuid, with_recipients: z.boolean() }), async (ctx, input) =>
  duplicateProject(ctx, input.project_uuid, { withRecipients: input.with_recipients }),
);

/** Copies the project and opens the copy. */
export async function duplicateAndOpenAction(input: { project_uuid: string; with_recipients: boolean }): Promise<ActionResult<undefined>> {
  const result = await duplicateProjectAction(input);
  if (!result.ok) return result;
  revalidatePath("/projects");
  await flash("Project duplicated: this is the copy");
  redirect(`/projects/${result.data}`);
}

const deleteProjectAction = userAction(z.object({ project_uuid: projectUuid }), async (ctx, input) => {
  await deleteProject(ctx, input.project_uuid);
  return null;
});

/** Deletes a project nothing of which was ordered, then shows the projects. */
export async function deleteAndLeaveAction(input: { project_uuid: string }): Promise<ActionResult<undefined>> {
  const result = await deleteProjectAction(input);
  if (!result.ok) return result;
  revalidatePath("/projects");
  await flash("Project deleted");
  redirect("/projects");
}

const csvText = z.string().max(CSV_MAX_CHARS, `The file is too large: at most ${Math.round(CSV_MAX_CHARS / 1000)} KB can be imported at once.`);

export type CsvPreview = Omit<RecipientsCsv, "recipients"> & { validCount: number };

/** Reads a CSV file and checks every row; nothing is saved. */
export const previewCsvAction = userAction(z.object({ csv: csvText }), async (_ctx, { csv }): Promise<CsvPreview> => {
  const { recipients, ...preview } = parseRecipientsCsv(csv);
  return { ...preview, validCount: recipients.length };
});

/**
 * Imports a CSV file whose every row is valid, as one add-recipients call. A file with any
 * error imports nothing: importing only its good rows and then the corrected file would create
 * those people twice.
 */
export const importCsvAction = userAction(z.object({ project_uuid: projectUuid, csv: csvText }), async (ctx, { project_uuid: uuid, csv }) => {
  const parsed = parseRecipientsCsv(csv);
  if (!parsed.isValid) throw new AppError("validation", parsed.problems[0] ?? "Some rows have errors. Fix them in the file and check it again.");
  const result = await addRecipients(ctx, uuid, { recipients: parsed.recipients });
  revalidateProject(uuid);
  return { imported: parsed.recipients.length, created: result.contactsCreated, updated: result.contactsUpdated };
});

const checkoutSchema = checkoutBodySchema.extend({ project_uuid: projectUuid, expected_total_cents: z.number().int().min(0) });

type CheckoutOutcome = { orderId: number; recipientsCount: number; chargedCents: number } | { problem: string };

const cards = (n: number) => `${n} ${n === 1 ? "card" : "cards"}`;

const placeOrder = userAction(checkoutSchema, async (ctx, input): Promise<CheckoutOutcome> => {
  try {
    // The page showed a total; if recipients were added or removed since, the person confirms again.
    const result = await checkoutProject(ctx, input.project_uuid, { expectedTotalCents: input.expected_total_cents, deliveryDate: input.delivery_date });
    return { orderId: result.orderId, recipientsCount: result.recipientsCount, chargedCents: result.creditChargedCents };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const { checkout, credit } = error.details;
    if (error.code === "total_changed" && checkout) {
      return {
        problem: `This project changed since the page was loaded: it now sends ${cards(checkout.recipientsCount)} for ${formatMoney(checkout.totalCents)}. Please check the new total and confirm again.`,
      };
    }
    if (error.code === "payment_required" && credit) {
      const { availableCents: available, orderTotalCents: total } = credit;
      return {
        problem: `The order was not placed: your credit is now ${formatMoney(available)} and the order costs ${formatMoney(total)}. You need ${formatMoney(total - available)} more credit to send this order.`,
      };
    }
    if (error.code === "nothing_to_order") {
      return { problem: "There is nothing left to send: every recipient of this project has already been ordered." };
    }
    throw error;
  }
});

/** Pays for the project's unsent cards with account credit, then opens the order's tracking page. */
export async function checkoutProjectAction(input: z.input<typeof checkoutSchema>): Promise<ActionResult<undefined>> {
  const result = await placeOrder(input);
  if (!result.ok) return result;
  revalidateProject(input.project_uuid);
  revalidatePath("/orders");
  revalidatePath("/account");
  if ("problem" in result.data) return { ok: false, message: result.data.problem };
  await flash(`Order placed: ${cards(result.data.recipientsCount)} paid for ${formatMoney(result.data.chargedCents)}`);
  redirect(`/orders/${result.data.orderId}`);
}
