import { describe, expect, it } from "vitest";
import { createContactSchema } from "@/lib/contacts/schema";
import { recipientSchema } from "@/lib/projects/schema";
import { checkInput } from "@/lib/validation";
import { fieldErrorsForPeople, forPeople } from "./form-words";

describe("form messages for people", () => {
  it("says what to do instead of naming the field the way the API does", () => {
    expect(forPeople("The zip field is required.")).toBe("Enter a ZIP code");
    expect(forPeople("The first name field is required.")).toBe("Enter a first name");
    expect(forPeople("The email field must be a valid email address.")).toBe("Enter an email address like name@example.com");
    expect(forPeople("The city field must not be greater than 100 characters.")).toBe("City is too long: use at most 100 characters");
    expect(forPeople("The birth month field must not be greater than 12.")).toBe("Birth month can be at most 12");
    expect(forPeople("The selected card id is invalid.")).toBe("Choose a card from the list");
    expect(forPeople("The internal id field is required.")).toBe("Enter an internal ID");
  });

  it("leaves messages already written for people as they are", () => {
    expect(forPeople("This message is 140 characters too long for this card")).toBe("This message is 140 characters too long for this card");
    expect(forPeople("There is no ZIP code 00000")).toBe("There is no ZIP code 00000");
  });

  it("rewrites every message of a real validation failure of the recipient and contact forms", () => {
    const recipient = checkInput(recipientSchema, { first_name: "Ada", last_name: "", address: "1 Main St", city: "Atlanta", state: "GA", email: "nope" });
    expect(recipient.ok).toBe(false);
    if (!recipient.ok) {
      expect(fieldErrorsForPeople(recipient.errors)).toEqual({
        last_name: ["Enter a last name"],
        zip: ["Enter a ZIP code"],
        email: ["Enter an email address like name@example.com"],
      });
    }
    const contact = checkInput(createContactSchema, { first_name: "Ada" });
    expect(!contact.ok && fieldErrorsForPeople(contact.errors)).toEqual({ last_name: ["Enter a last name"] });
  });
});
