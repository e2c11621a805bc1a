import "server-only";
import { eq, sql } from "drizzle-orm";
import { execute } from "@/db/client";
import { contactBookVersions, projectRecipients, projects } from "@/db/schema";
import { analyzeAfterBulkWrite } from "@/lib/contacts/jobs/analyze-after-bulk-write";
import { upsertContacts } from "@/lib/contacts/upsert";
import type { ServiceContext } from "@/lib/context";
import { cardFormat, messageOverflow, messageTooLong, type CardFormat } from "@/lib/cards/message-fit";
import { forbidden, validationError, type FieldErrors } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { assertWithinQuota, lockAccountQuotas } from "@/lib/quotas";
import { DEFAULT_COUNTRY, type AddRecipientsInput } from "./schema";
import { assertRecipientsQuota, projectNotFound } from "./service";

export type AddRecipientsResult = { contactsCreated: number; contactsUpdated: number };

/**
 * Adds recipients to one of the user's projects: a recipient whose internal_id names one of the
 * user's contacts updates that contact (the fields it sends overwrite, the others stay), any
 * other becomes a new contact; each contact then sits on the project once, with the recipient's
 * override message.
 *
 * Runs in one transaction with the same number of SQL statements whatever the number of
 * recipients: every set of rows travels as a single jsonb parameter. A request that would take
 * the address book or the project past its quota is a 422 on `recipients` and changes nothing.
 */
export async function addRecipients(ctx: ServiceContext, projectUuid: string, input: AddRecipientsInput): Promise<AddRecipientsResult> {
  if (!isUuid(projectUuid)) throw projectNotFound();
  const result = await ctx.db.transaction(async (tx) => {
    await lockAccountQuotas(tx, ctx.user.id);
    const [project] = await tx
      .select({ id: projects.id, userId: projects.userId, isBox: projects.isBox, isPostcard: projects.isPostcard })
      .from(projects)
      .where(eq(projects.id, projectUuid));
    if (!project) throw projectNotFound();
    if (project.userId !== ctx.user.id) throw forbidden("You do not have permission to update this project");
    assertOverrideMessagesFit(input.recipients, cardFormat(project));

    const { contactIds, created, updated } = await upsertContacts({ ...ctx, db: tx }, input.recipients, { defaults: { country: DEFAULT_COUNTRY } });
    const onProject = input.recipients.map((recipient, i) => ({ contact_id: contactIds[i], override_message: recipient.override_message ?? null }));
    await execute(
      tx,
      sql`insert into ${projectRecipients} (project_id, contact_id, user_id, override_message)
          select ${project.id}::uuid, r.contact_id, ${ctx.user.id}::int, r.override_message
          from jsonb_to_recordset(${JSON.stringify(onProject)}::jsonb)
            as r(contact_id uuid, override_message text)
          order by r.contact_id
          on conflict (project_id, contact_id) do update set override_message = excluded.override_message`,
    );
    // Both totals after the writes, in one statement: the book's as its triggers keep it, the
    // project's counted on its index.
    const [totals] = await execute<{ contacts: number; recipients: number }>(
      tx,
      sql`select coalesce((select ${contactBookVersions.contactCount} from ${contactBookVersions} where ${contactBookVersions.userId} = ${ctx.user.id}), 0) as contacts,
                 (select count(*) from ${projectRecipients} where ${projectRecipients.projectId} = ${project.id}::uuid)::int as recipients`,
    );
    assertWithinQuota("contactsPerAccount", Number(totals!.contacts), "recipients", (limit) => `An address book can hold at most ${limit} contacts; these recipients would make ${Number(totals!.contacts).toLocaleString("en-US")}.`);
    assertRecipientsQuota(Number(totals!.recipients), "recipients");
    await tx.update(projects).set({ updatedAt: sql`now()` }).where(eq(projects.id, project.id));
    return { contactsCreated: created, contactsUpdated: updated };
  });
  await analyzeAfterBulkWrite(input.recipients.length);
  return result;
}

/** Each recipient's own message must fit the project's card, as the project's message does. */
function assertOverrideMessagesFit(recipients: AddRecipientsInput["recipients"], format: CardFormat): void {
  const errors: FieldErrors = {};
  recipients.forEach((recipient, i) => {
    const over = messageOverflow(recipient.override_message, format);
    if (over > 0) errors[`recipients.${i}.override_message`] = [messageTooLong(over)];
  });
  if (Object.keys(errors).length > 0) throw validationError(errors);
}
