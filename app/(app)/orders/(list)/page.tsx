import type { Metadata } from "next";
import { connection } from "next/server";
import { requireServiceContext } from "@/app/_lib/service-context";
import { OrderCard } from "@/components/orders/order-card";
import { ButtonLink } from "@/components/ui/button";
import { Alert, EmptyState, PageHeader } from "@/components/ui/feedback";
import { AppError } from "@/lib/errors";
import { listOrders, type OrderPage } from "@/lib/orders/service";
import { getOrderProjects, getOrderStatusCounts } from "@/lib/orders/summary";

export const metadata: Metadata = { title: "Orders" };

const PER_PAGE = 15;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function OrdersPage({ searchParams }: Props) {
  await connection();
  const ctx = await requireServiceContext();
  const raw = (await searchParams).cursor;
  const cursor = (Array.isArray(raw) ? raw[0] : raw) || undefined;

  let page: OrderPage;
  let staleLink = false;
  try {
    page = await listOrders(ctx, { cursor, per_page: PER_PAGE });
  } catch (error) {
    // A mangled "Older orders" link: show the newest orders rather than an error page.
    if (!(error instanceof AppError) || error.code !== "validation") throw error;
    staleLink = true;
    page = await listOrders(ctx, { per_page: PER_PAGE });
  }
  const [counts, projects] = await Promise.all([
    getOrderStatusCounts(
      ctx,
      page.orders.map((order) => order.id),
    ),
    getOrderProjects(
      ctx,
      page.orders.flatMap((order) => order.projectIds),
    ),
  ]);
  const isFirstPage = !cursor || staleLink;

  return (
    <>
      <PageHeader
        title="Orders"
        description="Every checkout, newest first. Open an order to follow each card from printing to the mailbox."
        actions={page.orders.length > 0 ? <ButtonLink href="/projects" variant="secondary">Go to projects</ButtonLink> : undefined}
      />
      {staleLink ? (
        <Alert tone="info" className="mb-4">
          That page link is no longer valid, so here are your newest orders.
        </Alert>
      ) : null}
      {page.orders.length === 0 && isFirstPage ? (
        <EmptyState title="No orders yet" action={<ButtonLink href="/projects">Open your projects</ButtonLink>}>
          Pick a card, write your message and add recipients in a project, then check out with your credit. Your orders and their
          delivery status show up here.
        </EmptyState>
      ) : (
        <>
          <ul className="space-y-3">
            {page.orders.map((order) => {
              const names = order.projectIds.map((id) => projects.get(id)?.name).filter(Boolean);
              return (
                <li key={order.id}>
                  <OrderCard
                    href={`/orders/${order.id}`}
                    orderId={order.id}
                    createdAt={order.createdAt}
                    totalCents={order.totalCents}
                    recipientsCount={order.recipientsCount}
                    statusCounts={counts.get(order.id) ?? {}}
                    detail={names.length > 0 ? <span>{names.join(", ")}</span> : null}
                  />
                </li>
              );
            })}
          </ul>
          {page.orders.length === 0 ? <p className="text-sm text-stone-600">There are no older orders.</p> : null}
          <nav aria-label="Order pages" className="mt-6 flex flex-wrap justify-between gap-3">
            {!isFirstPage ? (
              <ButtonLink href="/orders" variant="ghost">
                ← Newest orders
              </ButtonLink>
            ) : (
              <span />
            )}
            {page.nextCursor ? (
              <ButtonLink href={`/orders?cursor=${encodeURIComponent(page.nextCursor)}`} variant="secondary">
                Older orders →
              </ButtonLink>
            ) : null}
          </nav>
        </>
      )}
    </>
  );
}
