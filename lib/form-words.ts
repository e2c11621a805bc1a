import type { FieldErrors } from "./errors";

/*
 * The API's validation messages follow its documented form ("The zip field is required.");
 * the web app's forms say the same things the way people write them ("Enter a ZIP code").
 * Messages of no known form (already written for people) pass through unchanged.
 */

const NOUNS: Record<string, string> = {
  zip: "ZIP code",
  email: "email address",
  address: "street address",
  apt: "apartment, suite or unit",
  "internal id": "internal ID",
  "app id": "app ID",
  url: "URL",
  csv: "CSV text",
  "override message": "message",
  "automation message": "message",
  "automation signoff": "sign-off",
  signoff: "sign-off",
  "card id": "card",
  "group id": "group",
  "contact ids": "contacts",
};

const noun = (attribute: string) => NOUNS[attribute] ?? attribute;
const withArticle = (word: string) => `${/^[aeio]/i.test(word) ? "an" : "a"} ${word}`;
const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

const RULES: [RegExp, (attribute: string, n: string) => string][] = [
  [/^The (.+) field is required\.$/, (a) => (a.endsWith(" ids") ? `Choose ${noun(a)}` : `Enter ${withArticle(noun(a))}`)],
  [/^The (.+) field must be a valid email address\.$/, () => "Enter an email address like name@example.com"],
  [/^The (.+) field must not be greater than (\d+) characters\.$/, (a, n) => `${capitalized(noun(a))} is too long: use at most ${n} characters`],
  [/^The (.+) field must be at least (\d+) characters\.$/, (a, n) => `${capitalized(noun(a))} is too short: use at least ${n} characters`],
  [/^The (.+) field must be (?:an integer|a number)\.$/, (a) => `Enter the ${noun(a)} as a whole number`],
  [/^The (.+) field must not be greater than (\d+)\.$/, (a, n) => `${capitalized(noun(a))} can be at most ${n}`],
  [/^The (.+) field must be at least (\d+)\.$/, (a, n) => `${capitalized(noun(a))} must be at least ${n}`],
  [/^The selected (.+) is invalid\.$/, (a) => `Choose ${withArticle(noun(a))} from the list`],
  [/^The (.+) field format is invalid\.$/, (a) => `Check the ${noun(a)}: it isn't written the expected way`],
  [/^The (.+) field must not contain a NUL character\.$/, (a) => `Remove the invisible control character from the ${noun(a)}`],
  [/^The (.+) field must be valid Unicode text\.$/, (a) => `The ${noun(a)} has a broken character: type it again`],
];

/** One message as the web app's forms show it. */
export function forPeople(message: string): string {
  for (const [pattern, rewrite] of RULES) {
    const match = pattern.exec(message);
    if (match) return rewrite(match[1]!, match[2] ?? "");
  }
  return message;
}

export function fieldErrorsForPeople(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages.map(forPeople)]));
}
