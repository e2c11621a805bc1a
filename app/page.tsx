import Link from "next/link";
import { BrandMark } from "@/components/ui/brand-mark";
import { appOrigin } from "@/lib/config";
import { connection } from "next/server";
import { serviceContextOf } from "@/lib/context";
import { currentUser } from "@/auth";
import { HomeDashboard } from "@/components/home/home-dashboard";
import { AppShell } from "@/components/layout/app-shell";
import { Providers } from "@/components/layout/providers";
import { getHomeData } from "@/lib/home/home";
import { todayIn } from "@/lib/time-zone";

const features = [
  {
    title: "An address book that remembers",
    text: "Contacts with spouses, children and pets, their birthdays and anniversaries, sorted into groups.",
  },
  {
    title: "A catalog of real cards",
    text: "Browse cards by category and occasion, pick one, and write the message once for everyone.",
  },
  {
    title: "Prepaid, never overdrawn",
    text: "Pay from your account credit at checkout; every charge and refund is on your statement.",
  },
  {
    title: "Tracked to the mailbox",
    text: "Follow each card from production to mailed to delivered, recipient by recipient.",
  },
  {
    title: "A calendar of occasions",
    text: "See every birthday and anniversary of the month, with ages and years together.",
  },
  {
    title: "A REST API for partners",
    text: "Your CRM can sync contacts, add recipients and check out over /api/v1 with a bearer token.",
  },
];

const steps = [
  { n: "1", title: "Keep your people", text: "Import or add contacts, with the dates that matter to them." },
  { n: "2", title: "Choose a card", text: "Start a project from any card and write your message and sign-off." },
  { n: "3", title: "Send it", text: "Add recipients, check out with credit, and we print, stamp and mail." },
];

/** The API's first two calls, against this server's own address (APP_URL). */
const curlExample = (origin: string) => `curl -s ${origin}/api/v1/auth/login \\
  -H 'Content-Type: application/json' \\
  -d '{"app_id": "my-crm", "email": "demo@example.com",
       "password": "demo-password"}'
# {"data":{"token":"eyJhbGciOi..."}}

curl -s ${origin}/api/v1/contacts \\
  -H "Authorization: Bearer $TOKEN"`;

/** Signed in, `/` is home; a visitor sees what Cardmail is. */
export default async function HomePage() {
  await connection();
  const user = await currentUser();
  if (!user) return <MarketingPage />;
  const ctx = await serviceContextOf(user);
  const t = todayIn(user.timeZone);
  const today = `${t.year}-${String(t.month).padStart(2, "0")}-${String(t.day).padStart(2, "0")}`;
  const data = await getHomeData(ctx, today);
  return (
    <Providers timeZone={user.timeZone}>
      <AppShell user={user}>
        <HomeDashboard data={data} name={user.username} />
      </AppShell>
    </Providers>
  );
}

function MarketingPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-stone-200 bg-white/80 backdrop-blur">
        <nav aria-label="Main" className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-6 py-4">
          <Link href="/" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
            <BrandMark />
            Cardmail
          </Link>
          <div className="flex items-center gap-2 whitespace-nowrap text-sm sm:gap-4">
            <Link href="/docs/api" className="hidden px-2 py-1 text-stone-600 hover:text-stone-900 sm:inline">
              API reference
            </Link>
            <Link href="/login" className="px-2 py-1 font-medium text-stone-700 hover:text-stone-900">
              Sign in
            </Link>
            <Link href="/signup" className="rounded-md bg-brand-600 px-3 py-2 font-medium text-white shadow-sm hover:bg-brand-700">
              Create account
            </Link>
          </div>
        </nav>
      </header>

      <main className="flex-1">
        <section className="relative overflow-hidden">
          <div aria-hidden className="absolute inset-x-0 top-0 -z-10 h-96 bg-gradient-to-b from-brand-50 to-transparent" />
          <div className="mx-auto grid max-w-6xl items-center gap-12 px-6 py-20 lg:grid-cols-2 lg:py-28">
            <div>
              <p className="text-sm font-semibold uppercase tracking-widest text-brand-700">Greeting cards, mailed for you</p>
              <h1 className="mt-4 font-serif text-4xl leading-tight tracking-tight text-stone-900 sm:text-5xl">
                Never miss a birthday, an anniversary or a thank-you again.
              </h1>
              <p className="mt-6 max-w-xl text-lg leading-8 text-stone-600">
                Cardmail keeps your address book and the dates that matter, lets you choose a card and write it once, then prints and
                mails it to every recipient, and tells you when it arrives.
              </p>
              <div className="mt-10 flex flex-wrap items-center gap-4">
                <Link href="/signup" className="rounded-md bg-brand-600 px-5 py-3 font-medium text-white shadow-sm hover:bg-brand-700">
                  Create a free account
                </Link>
                <Link href="/login" className="rounded-md border border-stone-300 bg-white px-5 py-3 font-medium text-stone-800 hover:bg-stone-100">
                  Sign in
                </Link>
              </div>
            </div>
            <CardIllustration />
          </div>
        </section>

        <section aria-labelledby="how" className="border-y border-stone-200 bg-white">
          <div className="mx-auto max-w-6xl px-6 py-16">
            <h2 id="how" className="text-2xl font-semibold tracking-tight">How it works</h2>
            <ol className="mt-8 grid gap-8 sm:grid-cols-3">
              {steps.map((step) => (
                <li key={step.n} className="flex gap-4">
                  <span aria-hidden className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700">
                    {step.n}
                  </span>
                  <div>
                    <h3 className="font-medium">{step.title}</h3>
                    <p className="mt-1 text-sm leading-6 text-stone-600">{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section aria-labelledby="features" className="mx-auto max-w-6xl px-6 py-20">
          <h2 id="features" className="text-2xl font-semibold tracking-tight">Everything a card needs, in one place</h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {features.map((feature) => (
              <li key={feature.title} className="rounded-xl border border-stone-200 bg-white p-6 shadow-sm">
                <h3 className="font-medium text-stone-900">{feature.title}</h3>
                <p className="mt-2 text-sm leading-6 text-stone-600">{feature.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="api" className="bg-stone-900 text-stone-100">
          <div className="mx-auto grid max-w-6xl gap-10 px-6 py-20 lg:grid-cols-5">
            <div className="lg:col-span-2">
              <h2 id="api" className="text-2xl font-semibold tracking-tight text-white">Built for partners too</h2>
              <p className="mt-4 leading-7 text-stone-300">
                Everything you can do in the app, your systems can do over the REST API: sign in for a bearer token, sync contacts,
                add recipients to a project and check out. Errors are plain JSON with a message and per-field details.
              </p>
              <Link href="/docs/api" className="mt-6 inline-block font-medium text-brand-200 underline-offset-4 hover:underline">
                Read the API reference →
              </Link>
            </div>
            <pre tabIndex={0} className="overflow-x-auto rounded-xl bg-black/40 p-5 text-sm leading-6 text-stone-200 ring-1 ring-white/10 lg:col-span-3">
              <code>{curlExample(appOrigin())}</code>
            </pre>
          </div>
        </section>
      </main>

      <footer className="border-t border-stone-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-6 py-8 text-sm text-stone-500">
          <p>© Cardmail</p>
          <nav aria-label="Footer" className="flex gap-6">
            <Link href="/docs/api" className="hover:text-stone-800">
              API reference
            </Link>
            <Link href="/login" className="hover:text-stone-800">
              Sign in
            </Link>
            <Link href="/signup" className="hover:text-stone-800">
              Create account
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}

function CardIllustration() {
  return (
    <div aria-hidden className="relative mx-auto hidden h-80 w-full max-w-md sm:block">
      <div className="absolute left-6 top-10 h-64 w-80 -rotate-6 rounded-lg border border-stone-200 bg-white shadow-lg">
        <div className="absolute inset-4 rounded border-2 border-dashed border-brand-200" />
        <div className="absolute right-6 top-6 h-12 w-10 rounded-sm border-2 border-brand-500 bg-brand-50" />
        <div className="absolute bottom-10 left-10 space-y-3">
          <div className="h-2 w-40 rounded bg-stone-200" />
          <div className="h-2 w-32 rounded bg-stone-200" />
          <div className="h-2 w-24 rounded bg-stone-200" />
        </div>
      </div>
      <div className="absolute right-4 top-0 flex h-64 w-52 rotate-6 flex-col items-center justify-center rounded-lg bg-brand-600 p-6 text-center shadow-xl">
        <p className="font-serif text-3xl italic text-white">Happy Birthday</p>
        <div className="mt-5 h-px w-16 bg-white/50" />
        <p className="mt-5 text-sm text-white">with love, from all of us</p>
      </div>
    </div>
  );
}
