import Link from "next/link";
import { connection } from "next/server";
import { requireAdminServiceContext } from "@/app/_lib/service-context";
import { AdminNav } from "@/components/admin/admin-nav";
import { GrantCreditForm } from "@/components/admin/grant-credit-form";
import { plural } from "@/components/ui/format";
import { Time } from "@/components/ui/time";
import { Button, ButtonLink } from "@/components/ui/button";
import { Alert, Badge, EmptyState, PageHeader } from "@/components/ui/feedback";
import { inputClass } from "@/components/ui/field";
import { listUsersForAdmin, type AdminUser } from "@/lib/admin/service";
import { AppError } from "@/lib/errors";
import { formatMoney } from "@/lib/money";
import { adminTitle } from "../_lib/admin-title";
import { accountTypeOf } from "@/components/account/format";

export const generateMetadata = adminTitle("Users · Admin");

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;

function UserRow({ user }: { user: AdminUser }) {
  const type = accountTypeOf(user.accountType);
  return (
    <li className="grid gap-3 py-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-medium break-all text-stone-900">{user.email}</h2>
          <Badge tone={type.tone}>{type.label}</Badge>
          {user.deletedAt ? <Badge tone="red">Deleted</Badge> : user.isActive ? null : <Badge tone="red">Disabled</Badge>}
        </div>
        <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-600">
          <div className="flex gap-1">
            <dt className="sr-only">User name</dt>
            <dd>{user.username}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Credit</dt>
            <dd className="font-medium text-stone-900 tabular-nums">{formatMoney(user.creditCents)}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Joined</dt>
            <dd>
              <Time value={user.createdAt} style="date" />
            </dd>
          </div>
          <div className="flex gap-1">
            <dt className="sr-only">Orders</dt>
            <dd>
              {user.ordersCount > 0 ? (
                <Link href={`/admin/orders?user=${user.id}`} className="font-medium text-rose-700 hover:underline">
                  {plural(user.ordersCount, "order")}
                </Link>
              ) : (
                "No orders"
              )}
            </dd>
          </div>
        </dl>
      </div>
      {user.deletedAt ? (
        <p className="text-sm text-stone-600">
          Deleted <Time value={user.deletedAt} style="date" />: its credit is closed.
        </p>
      ) : (
        <GrantCreditForm userId={user.id} email={user.email} />
      )}
    </li>
  );
}

export default async function AdminUsersPage({ searchParams }: Props) {
  await connection();
  const ctx = await requireAdminServiceContext();
  const params = await searchParams;
  const query = (single(params.query) ?? "").trim().slice(0, 255);
  const cursor = single(params.cursor);

  let page: Awaited<ReturnType<typeof listUsersForAdmin>>;
  let staleLink = false;
  try {
    page = await listUsersForAdmin(ctx, { query: query || null, cursor });
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "validation") throw error;
    staleLink = true;
    page = await listUsersForAdmin(ctx, { query: query || null });
  }
  const base = query ? `/admin/users?query=${encodeURIComponent(query)}` : "/admin/users";

  return (
    <>
      <PageHeader title="Users" description="Every account, newest first. Credit changes are written to the account's ledger with your note." />
      <AdminNav />
      <form role="search" action="/admin/users" className="mb-4 flex max-w-lg gap-2">
        <label htmlFor="user-search" className="sr-only">
          Search users by email or name
        </label>
        <input id="user-search" name="query" type="search" defaultValue={query} placeholder="Search by email or name" className={inputClass} />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      {staleLink ? (
        <Alert tone="info" className="mb-4">
          That page link is no longer valid, so the list starts from the newest account.
        </Alert>
      ) : null}
      {page.users.length === 0 ? (
        <EmptyState title="No users found" action={query ? <ButtonLink href="/admin/users" variant="secondary">Show every user</ButtonLink> : undefined}>
          {query ? `No account's email or name contains “${query}”.` : "There are no accounts yet."}
        </EmptyState>
      ) : (
        <div className="rounded-xl border border-stone-200 bg-white px-4 shadow-sm sm:px-5">
          <ul className="divide-y divide-stone-200">
            {page.users.map((user) => (
              <UserRow key={user.id} user={user} />
            ))}
          </ul>
        </div>
      )}
      <div className="mt-6 flex flex-wrap justify-between gap-3">
        {cursor && !staleLink ? (
          <ButtonLink href={base} variant="ghost">
            ← Newest users
          </ButtonLink>
        ) : (
          <span />
        )}
        {page.nextCursor ? (
          <ButtonLink href={`${base}${query ? "&" : "?"}cursor=${encodeURIComponent(page.nextCursor)}`} variant="secondary">
            More users →
          </ButtonLink>
        ) : null}
      </div>
    </>
  );
}
