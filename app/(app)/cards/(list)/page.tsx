import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { requireServiceContext } from "@/app/_lib/service-context";
import { CardGrid } from "@/components/cards/card-grid";
import { CatalogFilters } from "@/components/cards/catalog-filters";
import { ErrandBanner, RecipientBanner } from "@/components/cards/recipient-banner";
import { ButtonLink } from "@/components/ui/button";
import { Alert, EmptyState, PageHeader } from "@/components/ui/feedback";
import { CARDS_PER_PAGE, toCatalogItem } from "@/lib/cards/catalog-item";
import { listCards, type CardPage } from "@/lib/cards/service";
import { catalogFilterTerms, listCardTaxonomy } from "@/lib/cards/taxonomy";
import { AppError } from "@/lib/errors";
import { hrefWith, readSendContext, sendContextParams, single } from "@/components/cards/send-context";
import { resolveSendContext } from "../chosen-contact";

export const metadata: Metadata = { title: "Cards" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;


export default async function CardsPage({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  const ctx = await requireServiceContext();
  const params = await searchParams;
  const carried = readSendContext(params);
  const [taxonomy, errand] = await Promise.all([listCardTaxonomy(ctx), resolveSendContext(ctx, carried)]);
  const { send, contact: chosen, group, changing } = errand;

  // Filters are slugs in the URL; one that names nothing is dropped rather than showing an error.
  const occasion = taxonomy.occasions.find((term) => term.slug === single(params.occasion));
  const category = taxonomy.categories.find((term) => term.slug === single(params.category));
  const filters = { occasion_id: occasion?.id, category_id: category?.id };
  const cursor = single(params.cursor);

  let page: CardPage;
  let staleLink = false;
  try {
    page = await listCards(ctx, { ...filters, cursor, per_page: CARDS_PER_PAGE });
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "validation") throw error;
    staleLink = true;
    page = await listCards(ctx, { ...filters, per_page: CARDS_PER_PAGE });
  }

  const query = (extra: Record<string, string | undefined>) =>
    hrefWith("/cards", { ...sendContextParams(send), occasion: occasion?.slug, category: category?.slug, ...extra });
  const filterWords = [occasion?.name, category ? `in ${category.name}` : undefined].filter(Boolean).join(" ");

  return (
    <>
      <PageHeader title="Cards" description="Choose a card, write your message once, and we print, stamp and mail one to every recipient." />
      {chosen ? <RecipientBanner contact={chosen} deliveryDate={send.deliveryDate} cancelHref={query({ for: "", delivery_date: "" })} /> : null}
      {group && !chosen ? (
        <ErrandBanner cancelHref={query({ group: "" })} cancelLabel="Browse without the group">
          Choosing a card for the group <strong className="font-semibold">{group.name}</strong>. Its members will be the recipients of the project.
        </ErrandBanner>
      ) : null}
      {changing ? (
        <ErrandBanner cancelHref={`/projects/${changing.id}`} cancelLabel="Keep the current card">
          Choosing a new card for the project <strong className="font-semibold">{changing.name}</strong>. Open a card, then choose “Use this card”.
        </ErrandBanner>
      ) : null}
      <div className="mb-8">
        <CatalogFilters
          key={`${occasion?.slug ?? ""}|${category?.slug ?? ""}`}
          {...catalogFilterTerms(taxonomy, category?.slug)}
          occasion={occasion?.slug}
          category={category?.slug}
          send={send}
        />
      </div>
      {staleLink ? <Alert tone="info" className="mb-6">That page of cards is no longer available, so here is the first one.</Alert> : null}
      {cursor && !staleLink ? (
        <p className="mb-6 text-sm">
          <Link href={query({})} className="font-medium text-rose-800 hover:underline">
            ← Back to the first cards
          </Link>
        </p>
      ) : null}
      {page.cards.length === 0 ? (
        <EmptyState
          title={filterWords ? `No cards for ${filterWords} yet` : "No cards in the catalog yet"}
          action={filterWords ? <ButtonLink href={query({ occasion: "", category: "" })}>Show all cards</ButtonLink> : undefined}
        >
          {filterWords ? "Try another occasion or category, or browse the whole catalog." : "New designs are on their way. Please check back soon."}
        </EmptyState>
      ) : (
        <CardGrid
          key={`${occasion?.slug ?? ""}|${category?.slug ?? ""}|${cursor ?? ""}`}
          initial={{ items: page.cards.map(toCatalogItem), nextCursor: page.nextCursor }}
          filters={filters}
          send={send}
          moreHref={page.nextCursor ? query({ cursor: page.nextCursor }) : null}
        />
      )}
    </>
  );
}
