import { connection } from "next/server";
import { requireAdminServiceContext } from "@/app/_lib/service-context";
import { AdminNav } from "@/components/admin/admin-nav";
import { OrderCard } from "@/components/orders/order-card";
import { ButtonLink } from "@/components/ui/button";
import { Alert, EmptyState, PageHeader } from "@/components/ui/feedback";
import { listOrdersForAdmin } from "@/lib/admin/service";
import { AppError } from "@/lib/errors";
import { adminTitle } from "../_lib/admin-title";

export const generateMetadata = adminTitle("Orders · Admin");

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;

export default async function AdminOrdersPage({ searchParams }: Props) {
  await connection();
  const ctx = await requireAdminServiceContext();
  const params = await searchParams;
  const userParam = single(params.user);
  const userId = userParam && /^\d{1,10}$/.test(userParam) ? Number(userParam) : undefined;
  const cursor = single(params.cursor);

  let page: Awaited<ReturnType<typeof listOrdersForAdmin>>;
  let staleLink = false;
  try {
    page = await listOrdersForAdmin(ctx, { user_id: userId, cursor });
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "validation") throw error;
    staleLink = true;
    page = await listOrdersForAdmin(ctx, { user_id: userId });
  }
  const base = userId ? `/admin/orders?user=${userId}` : "/admin/orders";
  const buyer = userId ? page.orders[0]?.userEmail : undefined;

  return (
    <>
      <PageHeader
        title="Orders"
        description={userId ? <>Orders of {buyer ?? `user #${userId}`}, newest first.</> : "Orders of every account, newest first. Open one to change a card's status by hand."}
        actions={userId ? <ButtonLink href="/admin/orders" variant="secondary">Show every order</ButtonLink> : undefined}
      />
      <AdminNav />
      {staleLink ? (
        <Alert tone="info" className="mb-4">
          That page link is no longer valid, so the list starts from the newest order.
        </Alert>
      ) : null}
      {page.orders.length === 0 ? (
        <EmptyState title="No orders">{userId ? "This account has not ordered anything yet." : "Nobody has checked out yet."}</EmptyState>
      ) : (
        <ul className="space-y-3">
          {page.orders.map((order) => (
            <li key={order.id}>
              <OrderCard
                href={`/admin/orders/${order.id}`}
                orderId={order.id}
                createdAt={order.createdAt}
                totalCents={order.totalCents}
                recipientsCount={order.recipientsCount}
                statusCounts={order.statusCounts}
                detail={<span className="break-all">{order.userEmail}</span>}
              />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-6 flex flex-wrap justify-between gap-3">
        {cursor && !staleLink ? (
          <ButtonLink href={base} variant="ghost">
            ← Newest orders
          </ButtonLink>
        ) : (
          <span />
        )}
        {page.nextCursor ? (
          <ButtonLink href={`${base}${userId ? "&" : "?"}cursor=${encodeURIComponent(page.nextCursor)}`} variant="secondary">
            Older orders →
          </ButtonLink>
        ) : null}
      </div>
    </>
  );
}
