import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { requireServiceContext } from "@/app/_lib/service-context";
import { AddRecipients } from "@/components/projects/add-recipients";
import { AddressFixes } from "@/components/projects/address-fixes";
import { CardThumb } from "@/components/projects/card-thumb";
import { readSendContext } from "@/components/cards/send-context";
import { CostPanel } from "@/components/projects/cost-panel";
import { PhoneCheckoutBar } from "@/components/projects/phone-checkout-bar";
import { plural } from "@/components/ui/format";
import { Time } from "@/components/ui/time";
import { ProjectDetailsForm } from "@/components/projects/project-details-form";
import { ProjectActions } from "@/components/projects/project-actions";
import type { PreviewRecipient } from "@/components/cards/message-preview";
import { getInsideLook } from "@/lib/cards/artwork-service";
import { RecipientsList } from "@/components/projects/recipients-list";
import { Panel } from "@/components/ui/feedback";
import { getCredit } from "@/lib/credit/service";
import { listGroupsWithCounts } from "@/lib/groups/service";
import { CSV_FIELDS, CSV_MAX_CHARS } from "@/lib/projects/csv";
import { listAddressProblems } from "@/lib/projects/address-checks";
import { getProjectSummaries } from "@/lib/projects/overview";
import { listProjectRecipients } from "@/lib/projects/recipient-list";
import { messageFont } from "@/lib/fonts";
import { getProjectCost } from "@/lib/projects/service";
import { RECIPIENT_ROWS_PER_PAGE, toRecipientRow } from "@/lib/projects/view";
import { loadProject } from "../_lib/load-project";

export const metadata: Metadata = { title: "Project" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ProjectPage({ params, searchParams }: { params: Promise<{ uuid: string }>; searchParams: SearchParams }) {
  await connection();
  const ctx = await requireServiceContext();
  const { uuid } = await params;
  const { deliveryDate } = readSendContext(await searchParams);
  const project = await loadProject(uuid);
  const renderedAt = new Date().toISOString();
  const [summaries, cost, credit, recipients, addressProblems, groups, look] = await Promise.all([
    getProjectSummaries(ctx, [project.id]),
    getProjectCost(ctx, project.id),
    getCredit(ctx),
    listProjectRecipients(ctx, project.id, { perPage: RECIPIENT_ROWS_PER_PAGE }),
    listAddressProblems(ctx, project.id),
    listGroupsWithCounts(ctx),
    getInsideLook(ctx.db, project.cardId),
  ]);
  const summary = summaries.get(project.id);
  const front = project.card.images.find((image) => image.type === "front")?.path ?? null;
  const alreadyOrdered = cost.recipients - cost.unordered_recipients;
  const isCardActive = summary?.isCardActive ?? true;
  // The preview shows the first recipient; each one with their own message can be picked.
  const previewRecipients: PreviewRecipient[] = recipients.items
    .filter((recipient, i) => i === 0 || recipient.overrideMessage)
    .map((recipient) => ({ id: recipient.id, firstName: recipient.firstName, lastName: recipient.lastName, ownMessage: recipient.overrideMessage }));

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link href="/projects" className="font-medium text-stone-600 hover:text-stone-900">
          ← Projects
        </Link>
      </nav>
      <div className="mb-6 flex items-start gap-4">
        <CardThumb src={front} alt={summary ? `Front of the “${summary.cardName}” card` : "The project's card"} className="h-28 w-20 sm:h-36 sm:w-28" />
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-words text-stone-900">{project.name}</h1>
          <p className="mt-1 text-sm text-stone-600">
            {summary?.isCardActive ? (
              <Link href={`/cards/${project.cardId}`} className="font-medium text-rose-800 hover:underline">
                {summary.cardName}
              </Link>
            ) : (
              (summary?.cardName ?? "Card")
            )}
            {" · "}created <Time value={project.createdAt} style="date" />
          </p>
          <p className="mt-1 text-sm text-stone-600">{plural(cost.recipients, "recipient")}
            {alreadyOrdered > 0 ? `, ${alreadyOrdered.toLocaleString("en-US")} already ordered` : ""}</p>
          <div className="mt-3">
            <ProjectActions projectUuid={project.id} name={project.name} recipients={cost.recipients} ordered={alreadyOrdered > 0} />
          </div>
        </div>
      </div>
      {!isCardActive ? (
        <div role="status" className="mb-6 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <p className="font-semibold">The “{summary?.cardName ?? "project's"}” card has been retired and can no longer be printed.</p>
          {alreadyOrdered === 0 ? (
            <p className="mt-1">
              Choose another card to send this project: its name, message and recipients stay.{" "}
              <Link href={`/cards?change=${project.id}`} className="font-medium underline hover:no-underline">
                Change card
              </Link>
            </p>
          ) : (
            <p className="mt-1">Cards of this project were already ordered, so it keeps its card. Duplicate it to send the same message on another card.</p>
          )}
        </div>
      ) : null}

      {/* Room below the last panel for the phone checkout bar. */}
      <div className={`grid grid-cols-1 gap-6 lg:grid-cols-3 ${cost.unordered_recipients > 0 && isCardActive ? "pb-16 lg:pb-0" : ""}`}>
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <Panel title="Card message">
            <ProjectDetailsForm
              projectUuid={project.id}
              name={project.name}
              message={project.automationMessage}
              signoff={project.automationSignoff}
              font={messageFont(project.messageFont).id}
              look={look}
              recipients={previewRecipients}
            />
          </Panel>
          <Panel title="Add recipients">
            <AddRecipients
              projectUuid={project.id}
              renderedAt={renderedAt}
              groups={groups.map((group) => ({ id: group.id, name: group.name, contactsCount: group.contactsCount }))}
              csvFields={[...CSV_FIELDS]}
              csvMaxChars={CSV_MAX_CHARS}
            />
          </Panel>
          <AddressFixes projectUuid={project.id} total={addressProblems.total} recipients={addressProblems.recipients} />
          <Panel title="Recipients" actions={<span className="text-sm text-stone-600 tabular-nums">{recipients.total.toLocaleString("en-US")}</span>}>
            <RecipientsList
              projectUuid={project.id}
              initialPage={{ items: recipients.items.map(toRecipientRow), nextCursor: recipients.nextCursor }}
              total={recipients.total}
              renderedAt={renderedAt}
              format={look.format}
            />
          </Panel>
        </div>
        <aside className="order-first min-w-0 lg:order-none lg:col-start-3 lg:row-start-1" aria-label="Cost and checkout">
          <CostPanel
            projectUuid={project.id}
            priceCents={cost.price_cents}
            toSend={cost.unordered_recipients}
            alreadyOrdered={alreadyOrdered}
            totalCents={cost.total_cents}
            creditCents={credit.cents}
            addressProblems={addressProblems.total}
            isCardActive={isCardActive}
            deliveryDate={deliveryDate}
          />
        </aside>
      </div>
      <PhoneCheckoutBar
        projectUuid={project.id}
        toSend={cost.unordered_recipients}
        totalCents={cost.total_cents}
        creditCents={credit.cents}
        isCardActive={isCardActive}
        deliveryDate={deliveryDate}
      />
    </>
  );
}
