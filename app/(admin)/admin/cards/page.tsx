import Link from "next/link";
import { connection } from "next/server";
import { requireAdminServiceContext } from "@/app/_lib/service-context";
import { AdminNav } from "@/components/admin/admin-nav";
import { CardControls } from "@/components/admin/card-controls";
import { ButtonLink } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Alert, Badge, EmptyState, PageHeader } from "@/components/ui/feedback";
import { CARD_STATUS_FILTERS, type CardStatusFilter } from "@/lib/admin/schema";
import { listCardsForAdmin, type AdminCard } from "@/lib/admin/service";
import { AppError } from "@/lib/errors";
import { centsToPriceString, formatMoney } from "@/lib/money";
import { adminTitle } from "../_lib/admin-title";

export const generateMetadata = adminTitle("Cards · Admin");

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;

const FILTER_LABELS: Record<CardStatusFilter, string> = { all: "All", active: "Active", inactive: "Inactive" };

function CardRow({ card }: { card: AdminCard }) {
  return (
    <li className="grid grid-cols-[3.5rem_minmax(0,1fr)] gap-x-4 gap-y-3 py-4 sm:grid-cols-[3.5rem_minmax(0,1fr)_auto] sm:items-center">
      {card.thumbnailPath ? (
        // eslint-disable-next-line @next/next/no-img-element -- a small SVG served by this app; nothing to optimise
        <img
          src={card.thumbnailPath}
          alt=""
          width={56}
          height={56}
          loading="lazy"
          className={cn("h-14 w-14 rounded-md border border-stone-200 bg-stone-50 object-contain", !card.isActive && "opacity-50 grayscale")}
        />
      ) : (
        <div aria-hidden="true" className="grid h-14 w-14 place-items-center rounded-md border border-stone-200 bg-stone-50 text-stone-400">
          ✉
        </div>
      )}
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-medium break-words text-stone-900">{card.name}</h2>
          {card.isActive ? <Badge tone="green">Active</Badge> : <Badge tone="neutral">Inactive</Badge>}
        </div>
        <p className="text-sm text-stone-600">
          {card.artistName} · <span className="tabular-nums">{formatMoney(card.priceCents)}</span> · #{card.id}
        </p>
      </div>
      <div className="col-span-2 sm:col-span-1">
        <CardControls cardId={card.id} name={card.name} isActive={card.isActive} price={centsToPriceString(card.priceCents)} />
      </div>
    </li>
  );
}

export default async function AdminCardsPage({ searchParams }: Props) {
  await connection();
  const ctx = await requireAdminServiceContext();
  const params = await searchParams;
  const requested = single(params.status);
  const status: CardStatusFilter = (CARD_STATUS_FILTERS as readonly string[]).includes(requested ?? "") ? (requested as CardStatusFilter) : "all";
  const cursor = single(params.cursor);

  let page: Awaited<ReturnType<typeof listCardsForAdmin>>;
  let staleLink = false;
  try {
    page = await listCardsForAdmin(ctx, { status, cursor });
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "validation") throw error;
    staleLink = true;
    page = await listCardsForAdmin(ctx, { status });
  }
  const filterHref = (value: CardStatusFilter) => (value === "all" ? "/admin/cards" : `/admin/cards?status=${value}`);

  return (
    <>
      <PageHeader title="Cards" description="The whole catalog. Inactive cards are hidden from customers and cannot be checked out; orders already placed keep their price." />
      <AdminNav />
      <nav aria-label="Filter cards" className="mb-4 flex flex-wrap gap-2">
        {CARD_STATUS_FILTERS.map((value) => (
          <Link
            key={value}
            href={filterHref(value)}
            aria-current={value === status ? "page" : undefined}
            className={cn(
              "rounded-full border px-3 py-1 text-sm font-medium",
              value === status ? "border-rose-700 bg-rose-50 text-rose-800" : "border-stone-300 bg-white text-stone-700 hover:bg-stone-50",
            )}
          >
            {FILTER_LABELS[value]}
          </Link>
        ))}
      </nav>
      {staleLink ? (
        <Alert tone="info" className="mb-4">
          That page link is no longer valid, so the list starts from the first card.
        </Alert>
      ) : null}
      {page.cards.length === 0 ? (
        <EmptyState title={status === "inactive" ? "No inactive cards" : "No cards"}>
          {status === "inactive" ? "Every card is in the catalog." : "The catalog is empty."}
        </EmptyState>
      ) : (
        <div className="rounded-xl border border-stone-200 bg-white px-4 shadow-sm sm:px-5">
          <ul className="divide-y divide-stone-200">
            {page.cards.map((card) => (
              <CardRow key={card.id} card={card} />
            ))}
          </ul>
        </div>
      )}
      {page.nextCursor ? (
        <div className="mt-6 flex justify-end">
          <ButtonLink variant="secondary" href={`${filterHref(status)}${status === "all" ? "?" : "&"}cursor=${encodeURIComponent(page.nextCursor)}`}>
            More cards →
          </ButtonLink>
        </div>
      ) : null}
    </>
  );
}
