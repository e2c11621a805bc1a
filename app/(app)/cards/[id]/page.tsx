import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { requireServiceContext } from "@/app/_lib/service-context";
import { SendCardForm } from "@/components/cards/send-card-form";
import { UseCardForm } from "@/components/cards/use-card-form";
import { MessagePreview } from "@/components/cards/message-preview";
import { CardSides } from "@/components/cards/card-sides";
import { insideLook } from "@/lib/cards/artwork/inside-look";
import { Panel } from "@/components/ui/feedback";
import { cardSides } from "@/lib/cards/catalog-item";
import { formatMoney } from "@/lib/money";
import { hrefWith, readSendContext, sendContextParams, type SendContext } from "@/components/cards/send-context";
import { resolveSendContext } from "../chosen-contact";
import { loadCard } from "../_lib/load-card";

export const metadata: Metadata = { title: "Card" };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function CardPage({ params, searchParams }: Props) {
  await connection();
  const ctx = await requireServiceContext();
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const card = await loadCard(id);
  const carried = readSendContext(query);
  const { send, contact: chosen, group, changing } = await resolveSendContext(ctx, carried);

  const sides = cardSides(card);
  const look = insideLook({ ...card, artistName: card.artist.name });
  const month = new Date().toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
  const back = hrefWith("/cards", sendContextParams(send));

  const details = (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-stone-900">{card.name}</h1>
      <p className="mt-1 text-sm text-stone-600">by {card.artist.name}</p>
      <p className="mt-3 text-xl font-semibold text-stone-900 tabular-nums">
        {formatMoney(card.priceCents)} <span className="text-sm font-normal text-stone-600">per card mailed</span>
      </p>
      {card.description ? <p className="mt-4 text-sm leading-6 text-stone-700">{card.description}</p> : null}
      <dl className="mt-5 space-y-3 text-sm">
        <TermList label="Occasions" terms={card.occasionLinks.map((link) => link.occasion)} param="occasion" send={send} />
        <TermList label="Categories" terms={card.categoryLinks.map((link) => link.category)} param="category" send={send} />
        {card.tags.length > 0 ? (
          <div>
            <dt className="font-medium text-stone-700">Tags</dt>
            <dd className="mt-1 flex flex-wrap gap-1.5">
              {card.tags.map((tag) => (
                <span key={tag} className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs text-stone-700">
                  {tag}
                </span>
              ))}
            </dd>
          </div>
        ) : null}
        <div>
          <dt className="font-medium text-stone-700">Format</dt>
          <dd className="mt-1 text-stone-700">
            {[card.isVertical ? "Portrait" : "Landscape", card.isPostcard ? "postcard" : "folded card", card.isBox ? "boxed" : null, card.customizationType.name.toLowerCase()]
              .filter(Boolean)
              .join(" · ")}
          </dd>
        </div>
      </dl>
    </div>
  );

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link href={back} className="font-medium text-stone-600 hover:text-stone-900">
          ← All cards
        </Link>
      </nav>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-5 lg:gap-8">
        <figure className="flex items-center justify-center rounded-2xl bg-stone-100 p-6 ring-1 ring-stone-200 sm:p-10 lg:col-span-3 lg:row-start-1">
          <CardSides sides={sides} />
        </figure>
        {changing ? (
          <>
            <div className="space-y-6 lg:col-span-2 lg:col-start-4 lg:row-span-2 lg:row-start-1">
              {details}
              <Panel title="Use this card">
                <UseCardForm projectUuid={changing.id} projectName={changing.name} cardId={card.id} isCurrent={changing.cardId === card.id} />
              </Panel>
            </div>
            <section aria-label={look.format === "postcard" ? "Back of the postcard" : "Inside of the card"} className="rounded-2xl bg-stone-100 p-6 ring-1 ring-stone-200 sm:p-10 lg:col-span-3 lg:row-start-2">
              <MessagePreview look={look} message={changing.message} signoff={changing.signoff} caption={`${look.format === "postcard" ? "On the back" : "Inside"}, with the project's message.`} />
            </section>
          </>
        ) : (
          <SendCardForm
            cardId={card.id}
            look={look}
            defaultName={`${card.name} — ${group ? `${group.name}, ` : ""}${month}`}
            forContact={chosen}
            forGroup={group}
            deliveryDate={send.deliveryDate}
            details={details}
          />
        )}
      </div>
    </>
  );
}

function TermList({ label, terms, param, send }: { label: string; terms: { name: string; slug: string }[]; param: string; send: SendContext }) {
  if (terms.length === 0) return null;
  return (
    <div>
      <dt className="font-medium text-stone-700">{label}</dt>
      <dd className="mt-1 flex flex-wrap gap-1.5">
        {terms.map((term) => (
          <Link
            key={term.slug}
            href={hrefWith("/cards", { [param]: term.slug, ...sendContextParams(send) })}
            className="rounded-full bg-rose-50 px-2.5 py-0.5 text-xs font-medium text-rose-800 hover:bg-rose-100"
          >
            {term.name}
          </Link>
        ))}
      </dd>
    </div>
  );
}
