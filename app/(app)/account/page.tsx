import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { requireServiceContext } from "@/app/_lib/service-context";
import { AccountNav } from "@/components/account/account-nav";
import { AddressForm } from "@/components/account/address-form";
import { CreditLedger } from "@/components/account/credit-ledger";
import { DeleteAccountForm } from "@/components/account/delete-account-form";
import { EmailForm } from "@/components/account/email-form";
import { ReminderForm } from "@/components/account/reminder-form";
import { PasswordForm } from "@/components/account/password-form";
import { SettingsForm } from "@/components/account/settings-form";
import { accountTypeOf } from "@/components/account/format";
import { ButtonLink } from "@/components/ui/button";
import { Alert, PageHeader, Panel } from "@/components/ui/feedback";
import { Time } from "@/components/ui/time";
import { pendingEmailChange } from "@/lib/account/email-change";
import { toAccountContactJson, toAccountJson } from "@/lib/account/mapper";
import { getAccount } from "@/lib/account/service";
import { getCredit, listLedger, type LedgerPage } from "@/lib/credit/service";
import { AppError } from "@/lib/errors";
import { formatMoney } from "@/lib/money";
import { timeZoneLabel, timeZoneOptions } from "@/lib/time-zone";

export const metadata: Metadata = { title: "Account" };

const LEDGER_PER_PAGE = 10;

type Props = { searchParams: Promise<{ ledger?: string | string[]; password?: string | string[] }> };

function Section({ id, children, className }: { id: string; children: ReactNode; className?: string }) {
  return (
    <div id={id} className={`scroll-mt-24 ${className ?? ""}`}>
      {children}
    </div>
  );
}

/** The page's sections, each with its own save: a long page a person jumps through, not scrolls. */
const SECTIONS = [
  ["profile", "Profile"],
  ["settings", "Name and time zone"],
  ["return-address", "Addresses"],
  ["email", "Email"],
  ["reminders", "Reminder mail"],
  ["password", "Password"],
  ["credit-history", "Credit history"],
  ["api-tokens", "API access"],
  ["delete-account", "Delete account"],
] as const;

function SectionLinks() {
  return (
    <nav aria-label="On this page" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex gap-2 whitespace-nowrap pb-1 text-sm sm:flex-wrap">
        {SECTIONS.map(([id, label]) => (
          <li key={id}>
            <a href={`#${id}`} className="inline-block rounded-full border border-stone-200 bg-white px-3 py-1 font-medium text-stone-700 hover:border-stone-300 hover:text-stone-900">
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="py-3 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm text-stone-500">{term}</dt>
      <dd className="mt-0.5 break-words text-sm font-medium text-stone-900 sm:col-span-2 sm:mt-0">{children}</dd>
    </div>
  );
}

export default async function AccountPage({ searchParams }: Props) {
  await connection();
  const ctx = await requireServiceContext();
  const { ledger, password } = await searchParams;
  const cursor = typeof ledger === "string" && ledger !== "" ? ledger : undefined;

  const [account, credit, pendingEmail] = await Promise.all([getAccount(ctx), getCredit(ctx), pendingEmailChange(ctx)]);
  let ledgerPage: LedgerPage;
  let staleCursor = false;
  try {
    ledgerPage = await listLedger(ctx, { cursor, per_page: LEDGER_PER_PAGE });
  } catch (error) {
    // A mangled or outdated "Older entries" link: show the newest entries instead of an error page.
    if (!(error instanceof AppError) || !cursor) throw error;
    staleCursor = true;
    ledgerPage = await listLedger(ctx, { per_page: LEDGER_PER_PAGE });
  }
  const isFirstPage = !cursor || staleCursor;
  const contact = toAccountContactJson(account);
  const shipping = account.shipping ?? { country: "US" };

  return (
    <div className="space-y-6">
      <div>
        <PageHeader title="Account" description="Your profile, addresses, credit and API access." />
        <AccountNav />
        <SectionLinks />
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <Section id="profile" className="lg:col-span-2">
          <Panel title="Profile" className="h-full">
            <dl className="-my-3 divide-y divide-stone-100">
              <Detail term="Name">{account.username}</Detail>
              <Detail term="Email">{account.email}</Detail>
              <Detail term="Account type">{accountTypeOf(account.accountType).label}</Detail>
              <Detail term="Time zone">{timeZoneLabel(account.timeZone)}</Detail>
              <Detail term="Member since">
                <Time value={account.createdAt} style="date" />
              </Detail>
            </dl>
          </Panel>
        </Section>
        <Section id="credit">
          <Panel title="Credit" className="h-full">
            <p className="text-4xl font-semibold tracking-tight text-stone-900 tabular-nums">{formatMoney(credit.cents)}</p>
            <p className="mt-2 text-sm text-stone-600">Available for orders. Cards are paid from this balance when you check out a project.</p>
            <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
              <ButtonLink href="/account/credit" size="sm">
                Add credit
              </ButtonLink>
              <Link href="#credit-history" className="text-sm font-medium text-rose-700 underline-offset-2 hover:underline">
                See the credit history
              </Link>
            </div>
          </Panel>
        </Section>
      </div>

      <Section id="settings">
        <Panel title="Name and time zone">
          <SettingsForm username={account.username} timeZone={account.timeZone} timeZones={timeZoneOptions()} />
        </Panel>
      </Section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Section id="return-address">
          <Panel title="Return address" className="h-full">
            <p className="-mt-2 mb-4 text-sm text-stone-600">Printed on the envelope of every card you send.</p>
            <AddressForm kind="return" defaults={contact} />
          </Panel>
        </Section>
        <Section id="shipping-address">
          <Panel title="Shipping address" className="h-full">
            <p className="-mt-2 mb-4 text-sm text-stone-600">Where we ship boxed cards ordered for you to sign and mail yourself.</p>
            <AddressForm kind="shipping" defaults={shipping} />
          </Panel>
        </Section>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Section id="email">
          <Panel title="Email" className="h-full">
            <EmailForm currentEmail={account.email} pendingEmail={pendingEmail?.email ?? null} />
          </Panel>
        </Section>
        <Section id="reminders">
          <Panel title="Reminder mail" className="h-full">
            <p className="-mt-2 mb-4 text-sm text-stone-600">
              Each morning, from 8 AM in your time zone, a mail lists the birthdays and anniversaries coming up that no order or automation sends a card for yet, each with a link to send one.
            </p>
            <ReminderForm current={String(toAccountJson(account).reminder_window) as "off" | "7" | "14" | "30"} />
          </Panel>
        </Section>
      </div>

      <Section id="password">
        <Panel title="Password">
          <p className="-mt-2 mb-4 text-sm text-stone-600">Changing it signs out every other browser and device signed in to your account and revokes its API tokens: your apps sign in again with the new password.</p>
          <PasswordForm justChanged={password === "changed"} />
        </Panel>
      </Section>

      <Section id="credit-history">
        <Panel title="Credit history">
          {staleCursor ? (
            <Alert tone="info" className="mb-4">
              That page of the history is no longer available; here are the newest entries.
            </Alert>
          ) : null}
          <CreditLedger entries={ledgerPage.entries} nextCursor={ledgerPage.nextCursor} isFirstPage={isFirstPage} />
        </Panel>
      </Section>

      <Section id="api-tokens">
        <Panel title="API access">
          <p className="text-sm text-stone-600">
            Make and revoke API tokens for your apps, set up webhooks, and read how to connect in{" "}
            <Link href="/account/developers" className="font-medium text-rose-700 underline-offset-2 hover:underline">
              Developers
            </Link>
            .
          </p>
        </Panel>
      </Section>

      <Section id="delete-account">
        <Panel title="Delete account">
          {ctx.user.isAdmin ? (
            <p className="text-sm text-stone-600">An administrator account cannot be deleted here.</p>
          ) : (
            <DeleteAccountForm email={account.email} creditCents={credit.cents} />
          )}
        </Panel>
      </Section>
    </div>
  );
}
