import { expect, test } from "./support/fixtures";
import { ContactFormPage, ContactPage, ContactsPage } from "./pages/contacts";

test("add a contact with a child and a pet", async ({ page, newUser: _user }) => {
  const contacts = new ContactsPage(page);
  await contacts.goto();
  await contacts.startNewContact();

  const form = new ContactFormPage(page);
  await form.fill({
    firstName: "Helena",
    lastName: "Marsh",
    email: "helena.marsh@example.org",
    address: { street: "48 Orchard Street", city: "Burlington", state: "VT", zip: "05401" },
    birthday: { month: "March", day: "14", year: "1984" },
    children: [{ firstName: "Theo", birthday: { month: "July", day: "2", year: "2015" } }],
    pets: [{ name: "Juniper", kind: "cat", birthday: { month: "October", day: "9" } }],
  });
  await form.save();

  const contact = new ContactPage(page);
  await contact.expectLoaded("Helena Marsh");
  await expect(contact.details()).toContainText("48 Orchard Street");
  await expect(contact.details()).toContainText("Burlington, VT 05401");
  await expect(contact.details()).toContainText("March 14, 1984");
  const family = contact.family();
  await expect(family.getByRole("listitem").filter({ hasText: "Theo" })).toContainText("July 2, 2015");
  await expect(family.getByRole("listitem").filter({ hasText: "Juniper" })).toContainText("cat");

  // The address book lists it, and the search finds it.
  await contacts.goto();
  await expect(contacts.contactLink(/Helena Marsh/)).toBeVisible();
  await contacts.search().fill("juniper-no-match");
  await expect(page.getByText(/No contacts match/i)).toBeVisible();
  await contacts.search().fill("Marsh");
  await expect(contacts.contactLink(/Helena Marsh/)).toBeVisible();
});

test("the contact form says which fields need fixing", async ({ page, newUser: _user }) => {
  const form = new ContactFormPage(page);
  await form.gotoNew();
  await page.getByRole("button", { name: "Add a child" }).click();
  await form.save();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("Please correct the highlighted fields.");
  const firstName = form.field("First name");
  await expect(firstName).toHaveAttribute("aria-invalid", "true");
  await expect(firstName).toHaveAccessibleDescription("Enter a first name");
  await expect(form.field("Child 1 First name")).toHaveAttribute("aria-invalid", "true");
  // The keyboard is taken to the first field to fix.
  await expect(firstName).toBeFocused();
});
