import Link from "next/link";
import { connection } from "next/server";
import { requireAdminServiceContext } from "@/app/_lib/service-context";
import { AdminNav } from "@/components/admin/admin-nav";
import { StatusBadge } from "@/components/orders/status-badge";
import { PageHeader, Panel } from "@/components/ui/feedback";
import { getAdminOverview } from "@/lib/admin/service";
import { isFinalStatus, STATUS_ORDER } from "@/lib/orders/status";
import { adminTitle } from "./_lib/admin-title";

export const generateMetadata = adminTitle("Admin");

function Stat({ href, label, value, detail }: { href: string; label: string; value: number; detail: string }) {
  return (
    <Link
      href={href}
      className="group block rounded-xl border border-stone-200 bg-white p-5 shadow-sm transition-colors hover:border-rose-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-600"
    >
      <p className="text-sm font-medium text-stone-600">{label}</p>
      <p className="mt-1 text-3xl font-semibold text-stone-900 tabular-nums">{value.toLocaleString("en-US")}</p>
      <p className="mt-1 text-sm text-stone-600">{detail}</p>
      <p className="mt-3 text-sm font-medium text-rose-700 group-hover:underline">
        Manage {label.toLowerCase()} <span aria-hidden="true">→</span>
      </p>
    </Link>
  );
}

export default async function AdminOverviewPage() {
  await connection();
  const overview = await getAdminOverview(await requireAdminServiceContext());
  const pieces = overview.piecesByStatus;
  const inFlight = STATUS_ORDER.filter((status) => !isFinalStatus(status)).reduce((sum, status) => sum + pieces[status], 0);

  return (
    <>
      <PageHeader title="Admin" description="Run the catalog, account credit and fulfilment." />
      <AdminNav />
      <div className="grid gap-4 sm:grid-cols-3">
        <Stat href="/admin/users" label="Users" value={overview.usersCount} detail="Accounts, their credit and grants" />
        <Stat
          href="/admin/cards"
          label="Cards"
          value={overview.activeCardsCount + overview.inactiveCardsCount}
          detail={`${overview.activeCardsCount} in the catalog · ${overview.inactiveCardsCount} inactive`}
        />
        <Stat href="/admin/orders" label="Orders" value={overview.ordersCount} detail={`${inFlight.toLocaleString("en-US")} cards on their way`} />
      </div>
      <Panel title="Cards by delivery status" className="mt-6">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {STATUS_ORDER.map((status) => (
            <div key={status} className="rounded-lg border border-stone-200 p-3">
              <dt>
                <StatusBadge status={status} />
                <span className="sr-only"> cards</span>
              </dt>
              <dd className="mt-2 text-2xl font-semibold text-stone-900 tabular-nums">
                {pieces[status].toLocaleString("en-US")}
              </dd>
            </div>
          ))}
        </dl>
      </Panel>
    </>
  );
}
