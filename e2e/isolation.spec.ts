import { signUpOverHttp } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { ContactFormPage, ContactPage } from "./pages/contacts";

test("another user opening a contact's URL gets a not-found page", async ({ page, newUser: _owner, browser, baseURL }) => {
  const form = new ContactFormPage(page);
  await form.gotoNew();
  await form.fill({ firstName: "Confidential", lastName: "Client" });
  await form.save();
  const contact = new ContactPage(page);
  await contact.expectLoaded("Confidential Client");
  const url = page.url();

  const strangerContext = await browser.newContext({ baseURL });
  try {
    const stranger = await strangerContext.newPage();
    await signUpOverHttp(stranger.request, "stranger");
    await stranger.goto(url);
    await expect(stranger.getByRole("heading", { name: "Contact not found" })).toBeVisible();
    await expect(stranger.getByText("Confidential")).toHaveCount(0);
    await stranger.getByRole("link", { name: "Back to your contacts" }).click();
    await expect(stranger.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
    // The edit page of someone else's contact is not found either.
    await stranger.goto(`${url}/edit`);
    await expect(stranger.getByRole("heading", { name: "Contact not found" })).toBeVisible();
  } finally {
    await strangerContext.close();
  }
});
