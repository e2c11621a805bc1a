import "server-only";
import { and, asc, eq, notExists, sql } from "drizzle-orm";
import { contacts, orderRecipients, projectRecipients } from "@/db/schema";
import type { MailingAddress } from "@/lib/address";
import { addressWarnings, type AddressWarning } from "@/lib/contacts/address-warnings";
import type { ServiceContext } from "@/lib/context";
import { getProjectOrThrow } from "./service";

export type FlaggedRecipient = MailingAddress & {
  contactId: string;
  firstName: string;
  lastName: string;
  warnings: AddressWarning[];
};

export type AddressProblems = {
  /** Recipients not ordered yet whose address has a warning, over the whole project. */
  total: number;
  /** The first `limit` of them, by last name, first name, contact uuid. */
  recipients: FlaggedRecipient[];
};

/** How many flagged recipients the checkout page lists to fix; the count covers them all. */
export const FLAGGED_RECIPIENTS_SHOWN = 50;

/**
 * The recipients of a project that the next checkout would mail and whose address has a
 * problem (lib/contacts/address-warnings.ts). Reads the address columns of every unordered
 * recipient: the checks run in memory, so a 10,000-recipient project is one narrow scan.
 * Unknown or another user's project: 404 `Project not found`.
 */
export async function listAddressProblems(ctx: ServiceContext, projectUuid: string, limit = FLAGGED_RECIPIENTS_SHOWN): Promise<AddressProblems> {
  const project = await getProjectOrThrow(ctx, projectUuid);
  const rows = await ctx.db
    .select({
      contactId: contacts.id,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      address: contacts.address,
      apt: contacts.apt,
      city: contacts.city,
      state: contacts.state,
      zip: contacts.zip,
      country: contacts.country,
    })
    .from(projectRecipients)
    .innerJoin(contacts, and(eq(contacts.id, projectRecipients.contactId), eq(contacts.userId, ctx.user.id)))
    .where(
      and(
        eq(projectRecipients.projectId, project.id),
        eq(projectRecipients.userId, ctx.user.id),
        notExists(ctx.db.select({ one: sql`1` }).from(orderRecipients).where(eq(orderRecipients.projectRecipientId, projectRecipients.id))),
      ),
    )
    .orderBy(asc(contacts.lastName), asc(contacts.firstName), asc(contacts.id));
  let total = 0;
  const recipients: FlaggedRecipient[] = [];
  for (const row of rows) {
    const warnings = addressWarnings(row);
    if (warnings.length === 0) continue;
    total++;
    if (recipients.length < limit) recipients.push({ ...row, warnings });
  }
  return { total, recipients };
}
