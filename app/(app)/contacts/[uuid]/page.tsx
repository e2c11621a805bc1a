import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { requireServiceContext } from "@/app/_lib/service-context";
import { ContactGroups } from "@/components/contacts/contact-groups";
import { DeleteContactButton } from "@/components/contacts/delete-contact-button";
import { weekdayDate } from "@/components/contacts/format";
import { Time } from "@/components/ui/time";
import { contactName, partialDate } from "@/lib/contacts/view";
import { ButtonLink } from "@/components/ui/button";
import { Badge, Panel } from "@/components/ui/feedback";
import { ageOn, daysAwayText, upcomingContactEvents, utcToday } from "@/lib/events/upcoming";
import { yearsText } from "@/lib/events/wording";
import { listContactGroups } from "@/lib/groups/contact-groups";
import { listGroups } from "@/lib/groups/service";
import { loadContact } from "../_lib/load-contact";

type Params = { params: Promise<{ uuid: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  return { title: contactName(await loadContact((await params).uuid)) };
}

export default async function ContactPage({ params }: Params) {
  await connection();
  const ctx = await requireServiceContext();
  const { uuid } = await params;
  const contact = await loadContact(uuid);
  const [memberOf, allGroups] = await Promise.all([listContactGroups(ctx, contact.id), listGroups(ctx)]);

  const name = contactName(contact);
  const today = utcToday();
  const upcoming = upcomingContactEvents(contact, today);
  const spouseName = [contact.spousePrefix, contact.spouseFirstName, contact.spouseMiddleName, contact.spouseLastName].filter(Boolean).join(" ");
  const spouseBirthday = partialDate(contact.spouseBirthMonth, contact.spouseBirthDay, contact.spouseBirthYear);
  const cityLine = [[contact.city, contact.state].filter(Boolean).join(", "), contact.zip].filter(Boolean).join(" ");
  const addressLines = [[contact.address, contact.apt].filter(Boolean).join(", "), cityLine, contact.country].filter((line): line is string => !!line);
  const birthday = partialDate(contact.birthMonth, contact.birthDay, contact.birthYear);
  const age = ageOn({ month: contact.birthMonth, day: contact.birthDay, year: contact.birthYear }, today);
  const anniversary = partialDate(contact.anniversaryMonth, contact.anniversaryDay, contact.anniversaryYear);
  const bornText = (d: { birthMonth: number | null; birthDay: number | null; birthYear: number | null }) => {
    const text = partialDate(d.birthMonth, d.birthDay, d.birthYear);
    if (!text) return null;
    return d.birthMonth === null ? `Born ${text}` : `Birthday ${text}`;
  };
  const hasFamily = !!spouseName || !!spouseBirthday || contact.children.length > 0 || contact.pets.length > 0;

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link href="/contacts" className="font-medium text-stone-600 hover:text-stone-900">
          ← Contacts
        </Link>
      </nav>
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-center gap-4">
          <span aria-hidden="true" className="grid h-14 w-14 shrink-0 place-items-center rounded-full bg-rose-100 text-lg font-semibold text-rose-800">
            {initials(contact.firstName, contact.lastName)}
          </span>
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold tracking-tight break-words text-stone-900">{name}</h1>
            {contact.company ? <p className="text-sm text-stone-600">{contact.company}</p> : null}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <ButtonLink href={`/cards?for=${contact.id}`}>Send a card</ButtonLink>
          <ButtonLink href={`/contacts/${contact.id}/edit`} variant="secondary">
            Edit
          </ButtonLink>
          <DeleteContactButton uuid={contact.id} name={name} />
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <Panel title="Details">
            <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
              <Detail label="Email">
                {contact.email ? (
                  <a href={`mailto:${contact.email}`} className="break-all text-rose-800 hover:underline">
                    {contact.email}
                  </a>
                ) : null}
              </Detail>
              <Detail label="Phone">
                {contact.phone ? (
                  <a href={`tel:${contact.phone}`} className="text-rose-800 tabular-nums hover:underline">
                    {contact.phone}
                  </a>
                ) : null}
              </Detail>
              <Detail label="Mailing address">
                {addressLines.length ? (
                  <address className="not-italic">
                    {addressLines.map((line) => (
                      <span key={line} className="block">
                        {line}
                      </span>
                    ))}
                  </address>
                ) : null}
              </Detail>
              <Detail label="Birthday">{birthday ? `${birthday}${age !== null ? ` (age ${age})` : ""}` : null}</Detail>
              <Detail label="Anniversary">{anniversary}</Detail>
              {contact.internalId ? <Detail label="Internal ID">{contact.internalId}</Detail> : null}
            </dl>
            {addressLines.length === 0 ? (
              <p className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
                No mailing address yet: <Link href={`/contacts/${contact.id}/edit`} className="font-medium underline">add one</Link> before sending a card.
              </p>
            ) : null}
          </Panel>

          <Panel title="Family">
            {hasFamily ? (
              <div className="space-y-5">
                {spouseName || spouseBirthday ? (
                  <FamilyGroup title="Spouse or partner">
                    <FamilyMember
                      name={spouseName || "Name not given"}
                      detail={bornText({ birthMonth: contact.spouseBirthMonth, birthDay: contact.spouseBirthDay, birthYear: contact.spouseBirthYear })}
                    />
                  </FamilyGroup>
                ) : null}
                {contact.children.length ? (
                  <FamilyGroup title="Children">
                    {contact.children.map((child, i) => {
                      const childAge = ageOn({ month: child.birthMonth, day: child.birthDay, year: child.birthYear }, today);
                      return (
                        <FamilyMember
                          key={i}
                          name={child.firstName}
                          badge={childAge !== null ? `${childAge} ${childAge === 1 ? "year" : "years"} old` : null}
                          detail={bornText(child)}
                        />
                      );
                    })}
                  </FamilyGroup>
                ) : null}
                {contact.pets.length ? (
                  <FamilyGroup title="Pets">
                    {contact.pets.map((pet, i) => (
                      <FamilyMember key={i} name={pet.name} badge={pet.secondaryType} detail={bornText(pet)} />
                    ))}
                  </FamilyGroup>
                ) : null}
              </div>
            ) : (
              <p className="text-sm text-stone-500">
                No spouse, children or pets recorded.{" "}
                <Link href={`/contacts/${contact.id}/edit`} className="font-medium text-rose-700 hover:underline">
                  Add family
                </Link>{" "}
                to be reminded of their birthdays too.
              </p>
            )}
          </Panel>

          {contact.notes ? (
            <Panel title="Notes">
              <p className="text-sm whitespace-pre-line text-stone-700">{contact.notes}</p>
            </Panel>
          ) : null}
        </div>

        <div className="min-w-0 space-y-6">
          <Panel title="Upcoming dates">
            {upcoming.length ? (
              <ol className="space-y-3">
                {upcoming.map((event, i) => (
                  <li key={i} className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="text-sm font-medium text-stone-900">
                        {event.label}
                        {event.relation ? <span className="font-normal text-stone-500"> · {event.relation}</span> : null}
                      </p>
                      <p className="text-sm text-stone-600">
                        {weekdayDate(event.date)}
                        {event.years !== null ? ` · ${yearsText(event.kind, event.years)}` : ""}
                      </p>
                    </div>
                    <span className="shrink-0 whitespace-nowrap">
                      <Badge tone={event.daysAway <= 7 ? "rose" : "neutral"}>{daysAwayText(event.daysAway)}</Badge>
                    </span>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-sm text-stone-500">No birthdays or anniversaries recorded.</p>
            )}
          </Panel>

          <Panel title="Groups">
            <ContactGroups
              contactId={contact.id}
              contactName={contact.firstName}
              memberOf={memberOf.map((g) => ({ id: g.id, name: g.name }))}
              allGroups={allGroups.map((g) => ({ id: g.id, name: g.name }))}
            />
          </Panel>

          <p className="text-xs text-stone-500">
            Added <Time value={contact.createdAt} style="date" /> · Last updated <Time value={contact.updatedAt} style="date" />
          </p>
        </div>
      </div>
    </>
  );
}

function initials(first: string, last: string): string {
  return `${first.trim().charAt(0)}${last.trim().charAt(0)}`.toUpperCase();
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">{label}</dt>
      <dd className="mt-1 text-sm text-stone-900">{children ?? <span className="text-stone-500">Not given</span>}</dd>
    </div>
  );
}

function FamilyGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="mb-2 text-xs font-medium tracking-wide text-stone-500 uppercase">{title}</h3>
      <ul className="space-y-2">{children}</ul>
    </div>
  );
}

function FamilyMember({ name, badge, detail }: { name: string; badge?: string | null; detail: string | null }) {
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span className="font-medium text-stone-900">{name}</span>
      {badge ? <Badge>{badge}</Badge> : null}
      {detail ? <span className="text-stone-500">{detail}</span> : null}
    </li>
  );
}
