import { expect, request as requestFactory, type Page } from "@playwright/test";
import { ADMIN, DEMO, apiToken, signInOverHttp } from "./accounts";
import { BASE_URL } from "./env";

type StorageState = Awaited<ReturnType<Awaited<ReturnType<typeof requestFactory.newContext>>["storageState"]>>;

export type Role = "visitor" | "demo" | "admin";

/** Ids of seeded records that the main pages' URLs need (read, never changed, by these specs). */
export type SeedIds = { contact: string; group: number; card: number; project: string; order: number; automation: number };

export type MainPage = {
  name: string;
  role: Role;
  path: (ids: SeedIds) => string;
  /**
   * The page shows other elements at desktop width than on a phone (the signed-in navigation,
   * tables that become lists, a checkout bar only phones get), so accessibility is checked at
   * both widths. Other pages only resize the same elements: one accessibility check at phone
   * width covers them, and the desktop width is checked for sideways scroll.
   */
  wideLayout?: boolean;
};

/** Every main page of the product, with the account that sees it. */
export const MAIN_PAGES: MainPage[] = [
  { name: "landing", role: "visitor", path: () => "/", wideLayout: true },
  { name: "login", role: "visitor", path: () => "/login" },
  { name: "signup", role: "visitor", path: () => "/signup" },
  { name: "forgot-password", role: "visitor", path: () => "/forgot-password" },
  // A reset or confirmation link that is unknown, used or expired: the page says so and what to do.
  { name: "reset-password-expired", role: "visitor", path: () => "/reset-password?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" },
  { name: "confirm-email-expired", role: "visitor", path: () => "/confirm-email?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" },
  { name: "take-back-account-expired", role: "visitor", path: () => "/take-back-account?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" },
  { name: "api-docs", role: "visitor", path: () => "/docs/api" },
  { name: "contacts", role: "demo", path: () => "/contacts", wideLayout: true },
  { name: "contact", role: "demo", path: (ids) => `/contacts/${ids.contact}` },
  { name: "contact-new", role: "demo", path: () => "/contacts/new" },
  { name: "contact-edit", role: "demo", path: (ids) => `/contacts/${ids.contact}/edit` },
  { name: "contacts-import", role: "demo", path: () => "/contacts/import" },
  { name: "contacts-duplicates", role: "demo", path: () => "/contacts/duplicates" },
  { name: "address-requests", role: "demo", path: () => "/address-requests" },
  { name: "groups", role: "demo", path: () => "/groups", wideLayout: true },
  { name: "group", role: "demo", path: (ids) => `/groups/${ids.group}` },
  { name: "cards", role: "demo", path: () => "/cards" },
  { name: "card", role: "demo", path: (ids) => `/cards/${ids.card}` },
  { name: "projects", role: "demo", path: () => "/projects" },
  { name: "project", role: "demo", path: (ids) => `/projects/${ids.project}`, wideLayout: true },
  // With a delivery date carried from the calendar, so the date field is shown and checked too.
  {
    name: "checkout",
    role: "demo",
    path: (ids) => `/projects/${ids.project}/checkout?delivery_date=${new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)}`,
    wideLayout: true,
  },
  { name: "orders", role: "demo", path: () => "/orders" },
  { name: "tracking", role: "demo", path: (ids) => `/orders/${ids.order}`, wideLayout: true },
  { name: "automations", role: "demo", path: () => "/automations" },
  { name: "automation", role: "demo", path: (ids) => `/automations/${ids.automation}` },
  { name: "calendar", role: "demo", path: () => "/calendar?month=4&year=2026", wideLayout: true },
  { name: "account", role: "demo", path: () => "/account", wideLayout: true },
  { name: "add-credit", role: "demo", path: () => "/account/credit" },
  // The steps after sign-up: the return address, then credit and how to add it.
  { name: "welcome-return-address", role: "demo", path: () => "/welcome" },
  { name: "welcome-credit", role: "demo", path: () => "/welcome/credit" },
  // Back from Stripe Checkout before its webhook has landed: the waiting state.
  { name: "credit-waiting", role: "demo", path: () => "/account/credit/success?session_id=cs_test_not_yet_paid" },
  { name: "developers", role: "demo", path: () => "/account/developers" },
  { name: "admin", role: "admin", path: () => "/admin", wideLayout: true },
  { name: "admin-cards", role: "admin", path: () => "/admin/cards" },
  { name: "admin-users", role: "admin", path: () => "/admin/users" },
  { name: "admin-orders", role: "admin", path: () => "/admin/orders" },
  { name: "admin-order", role: "admin", path: (ids) => `/admin/orders/${ids.order}` },
  { name: "admin-jobs", role: "admin", path: () => "/admin/jobs" },
  { name: "admin-mail", role: "admin", path: () => "/admin/mail" },
];

/** A signed-in browser session for one account. */
async function sessionOf(account: { email: string; password: string }): Promise<StorageState> {
  const http = await requestFactory.newContext({ baseURL: BASE_URL });
  try {
    await signInOverHttp(http, account);
    return await http.storageState();
  } finally {
    await http.dispose();
  }
}

/** Resolves the seeded records through the API (demo's first contact, group, ready project, order, automation; a card). */
async function seedIds(): Promise<SeedIds> {
  const http = await requestFactory.newContext({ baseURL: BASE_URL });
  try {
    const token = await apiToken(http, DEMO, `e2e-pages-${process.pid}-${Date.now()}`);
    const get = async <T>(path: string): Promise<T> => {
      const response = await http.get(`/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status(), path).toBe(200);
      return (await response.json()) as T;
    };
    const contacts = await get<{ data: { uuid: string; first_name: string }[] }>("/contacts?query=Margaret");
    const groups = await get<{ id: number; name: string }[]>("/groups");
    const cards = await get<{ data: { id: number; name: string }[] }>("/cards?per_page=100");
    const projects = await get<{ data: { uuid: string; name: string }[] }>("/projects?per_page=100");
    const orders = await get<{ data: { order_id: number }[] }>("/orders");
    const automations = await get<{ data: { id: number; name: string }[] }>("/automations");
    const find = <T>(list: T[], what: string, match: (item: T) => boolean): T => {
      const item = list.find(match);
      if (!item) throw new Error(`The demo seed has no ${what}`);
      return item;
    };
    return {
      contact: find(contacts.data, "Margaret", (c) => c.first_name === "Margaret").uuid,
      group: find(groups, "Family group", (g) => g.name === "Family").id,
      card: find(cards.data, "Hello There card", (c) => c.name === "Hello There").id,
      project: find(projects.data, "Spring birthdays project", (p) => p.name === "Spring birthdays").uuid,
      order: find(orders.data, "order", () => true).order_id,
      automation: find(automations.data, "Family birthdays automation", (a) => a.name === "Family birthdays").id,
    };
  } finally {
    await http.dispose();
  }
}

let setup: Promise<{ ids: SeedIds; sessions: Record<Role, StorageState> }> | undefined;

/** Sessions and ids, made once per worker. */
export function mainPageSetup() {
  setup ??= (async () => {
    const [ids, demo, admin] = await Promise.all([seedIds(), sessionOf(DEMO), sessionOf(ADMIN)]);
    return { ids, sessions: { visitor: { cookies: [], origins: [] }, demo, admin } };
  })();
  return setup;
}

/** Opens a main page and waits until it has settled (its heading shown, the network quiet). */
export async function openMainPage(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), `${path} status`).toBeLessThan(400);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  // Parts that load after the page (a route's loading state, a list refetching) say so with aria-busy.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
}

/**
 * How much of a page the screenshot and accessibility checks look at: the first screens, which is
 * what a person reads. The API reference is 60 screens tall and the admin catalog grows with the
 * cards; a check of the whole page would take time in proportion to its length and fail on a busy
 * machine, and the screens past these repeat the same components with other content.
 */
export const SCREENS_CHECKED = 10;

/** The height in px of the part of the page that is checked, and the page's whole height. */
export async function checkedHeight(page: Page): Promise<{ checked: number; whole: number }> {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error("The page has no viewport size");
  const whole = await page.evaluate(() => document.documentElement.scrollHeight);
  return { checked: Math.min(whole, viewport.height * SCREENS_CHECKED), whole };
}

/** The attribute `markBelowCheckedScreens` sets on the elements that start below the checked screens. */
export const BELOW_CHECKED_SCREENS = "data-below-checked-screens";

/** Marks each outermost element that starts below the checked screens, for checks to exclude. */
export async function markBelowCheckedScreens(page: Page): Promise<void> {
  const { checked } = await checkedHeight(page);
  await page.evaluate(
    ({ limit, attribute }) => {
      const visit = (element: Element) => {
        for (const child of Array.from(element.children)) {
          if (child.getBoundingClientRect().top + window.scrollY > limit) child.setAttribute(attribute, "");
          else visit(child);
        }
      };
      visit(document.body);
    },
    { limit: checked, attribute: BELOW_CHECKED_SCREENS },
  );
}
