import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { execute, type Database } from "@/db/client";
import { cards, projectRecipients, projects } from "@/db/schema";
import { cardFormat, messageFitErrors, messageOverflow, messageTooLong } from "@/lib/cards/message-fit";
import type { ServiceContext } from "@/lib/context";
import { AppError, fieldError, notFound, validationError } from "@/lib/errors";
import { isSerialId, isUuid } from "@/lib/ids";
import { lockAccountQuotas } from "@/lib/quotas";
import { projectNotFound } from "./service";

/*
 * What the web app does to a whole project beyond the specification's operations: change its
 * card, copy it, delete it, and edit one recipient's own message. A project stays editable while
 * nothing of it is ordered; once an order points at it, it is the record of what was mailed.
 */

type LockedProject = { id: string; name: string; cardId: number; isBox: boolean; isPostcard: boolean; automationMessage: string; automationSignoff: string; ordered: boolean };

/**
 * One of the user's own projects, locked until the transaction ends (a checkout locks it too, so
 * the two never interleave). An automation's project is not the user's to edit: not found.
 */
async function lockOwnProject(tx: Database, ctx: ServiceContext, projectUuid: string): Promise<LockedProject> {
  if (!isUuid(projectUuid)) throw projectNotFound();
  const [row] = await execute<{
    id: string;
    name: string;
    card_id: number;
    is_box: boolean;
    is_postcard: boolean;
    automation_message: string;
    automation_signoff: string;
    ordered: boolean;
  }>(
    tx,
    sql`select p.id, p.name, p.card_id, p.is_box, p.is_postcard, p.automation_message, p.automation_signoff,
          exists (select 1 from order_recipients o where o.project_id = p.id) as ordered
        from projects p
        where p.id = ${projectUuid}::uuid and p.user_id = ${ctx.user.id}::int
          and not exists (select 1 from automations a where a.project_id = p.id)
        for update of p`,
  );
  if (!row) throw projectNotFound();
  return {
    id: row.id,
    name: row.name,
    cardId: Number(row.card_id),
    isBox: row.is_box,
    isPostcard: row.is_postcard,
    automationMessage: row.automation_message,
    automationSignoff: row.automation_signoff,
    ordered: row.ordered,
  };
}

const orderedProject = (what: string) => new AppError("validation", `Cards of this project have already been ordered, so ${what}.`);

async function activeCard(db: Database, cardId: number) {
  const invalidCard = () => fieldError("card_id", "The selected card id is invalid.");
  if (!isSerialId(cardId)) throw invalidCard();
  const card = await db.query.cards.findFirst({
    where: and(eq(cards.id, cardId), eq(cards.isActive, true)),
    columns: { id: true, name: true, isBox: true, isPostcard: true },
    with: {
      categoryLinks: { columns: { categoryId: true }, orderBy: (link, { asc }) => [asc(link.categoryId)], limit: 1 },
      occasionLinks: { columns: { occasionId: true }, orderBy: (link, { asc }) => [asc(link.occasionId)], limit: 1 },
    },
  });
  if (!card) throw invalidCard();
  return card;
}

/**
 * Puts another active card on a project nothing of which is ordered (also when its card was
 * retired). Its format, category and occasion follow the card; the message, sign-off and every
 * recipient's own message must fit the new card's text box.
 */
export async function changeProjectCard(ctx: ServiceContext, projectUuid: string, cardId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const project = await lockOwnProject(tx, ctx, projectUuid);
    if (project.ordered) throw orderedProject("its card can't be changed; duplicate the project to send another card");
    const card = await activeCard(tx, cardId);
    const format = cardFormat(card);
    const errors = messageFitErrors(format, { message: project.automationMessage, signoff: project.automationSignoff }, { message: "automation_message", signoff: "automation_signoff" });
    if (Object.keys(errors).length > 0) {
      throw new AppError("validation", `The project's message doesn't fit the “${card.name}” card: ${Object.values(errors)[0]![0]}. Shorten it first.`, { errors });
    }
    const overrides = await tx
      .select({ message: projectRecipients.overrideMessage })
      .from(projectRecipients)
      .where(and(eq(projectRecipients.projectId, project.id), sql`${projectRecipients.overrideMessage} is not null`));
    const tooLong = overrides.filter((row) => messageOverflow(row.message, format) > 0).length;
    if (tooLong > 0) {
      throw fieldError(
        "card_id",
        `${tooLong === 1 ? "One recipient's own message is" : `${tooLong} recipients' own messages are`} too long for the “${card.name}” card. Shorten ${tooLong === 1 ? "it" : "them"} first.`,
      );
    }
    await tx
      .update(projects)
      .set({
        cardId: card.id,
        isBox: card.isBox,
        isPostcard: card.isPostcard,
        categoryId: card.categoryLinks[0]?.categoryId ?? null,
        occasionId: card.occasionLinks[0]?.occasionId ?? null,
        updatedAt: sql`now()`,
      })
      .where(eq(projects.id, project.id));
  });
}

/**
 * A new project with the same card, name (marked as a copy), message and sign-off and, when
 * asked, the same recipients with their own messages. Nothing of the copy is ordered. Returns its uuid.
 */
export async function duplicateProject(ctx: ServiceContext, projectUuid: string, options: { withRecipients: boolean }): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    if (options.withRecipients) await lockAccountQuotas(tx, ctx.user.id);
    const source = await lockOwnProject(tx, ctx, projectUuid);
    const [copy] = await execute<{ id: string }>(
      tx,
      sql`insert into projects (user_id, card_id, name, automation_message, automation_signoff, is_box, is_postcard, category_id, occasion_id)
          select user_id, card_id, left('Copy of ' || name, 255), automation_message, automation_signoff, is_box, is_postcard, category_id, occasion_id
          from projects where id = ${source.id}::uuid
          returning id`,
    );
    if (options.withRecipients) {
      await execute(
        tx,
        sql`insert into project_recipients (project_id, contact_id, user_id, override_message)
            select ${copy!.id}::uuid, contact_id, user_id, override_message from project_recipients
            where project_id = ${source.id}::uuid and user_id = ${ctx.user.id}::int
            order by id`,
      );
    }
    return copy!.id;
  });
}

/** Deletes a project nothing of which was ordered; its recipients stay in the address book. */
export async function deleteProject(ctx: ServiceContext, projectUuid: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const project = await lockOwnProject(tx, ctx, projectUuid);
    if (project.ordered) throw orderedProject("it is kept as the record of that order");
    await tx.delete(projects).where(eq(projects.id, project.id));
  });
}

/**
 * Sets (or, with null or "", clears) the message printed for one recipient instead of the
 * project's; it must fit the card. A recipient already ordered keeps the message it was mailed with.
 */
export async function setRecipientMessage(ctx: ServiceContext, projectUuid: string, contactId: string, message: string | null): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const project = await lockOwnProject(tx, ctx, projectUuid);
    if (!isUuid(contactId)) throw notFound("Contact not found");
    const [link] = await execute<{ id: number; ordered: boolean }>(
      tx,
      sql`select pr.id, exists (select 1 from order_recipients o where o.project_recipient_id = pr.id) as ordered
          from project_recipients pr
          where pr.project_id = ${project.id}::uuid and pr.contact_id = ${contactId}::uuid and pr.user_id = ${ctx.user.id}::int`,
    );
    if (!link) throw notFound("Contact not found");
    if (link.ordered) throw new AppError("validation", "This recipient has already been ordered, so their message can't change.");
    const text = message && message.trim() !== "" ? message : null;
    const over = messageOverflow(text, cardFormat(project));
    if (over > 0) throw validationError({ override_message: [messageTooLong(over)] });
    await tx.update(projectRecipients).set({ overrideMessage: text }).where(eq(projectRecipients.id, Number(link.id)));
    await tx.update(projects).set({ updatedAt: sql`now()` }).where(eq(projects.id, project.id));
  });
}
