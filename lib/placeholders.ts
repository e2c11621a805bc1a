/*
 * The one place a message's `{...}` placeholders are filled, for every card that is printed or
 * shown: a project's pieces at checkout (`{first_name}` and `{last_name}`), an automation's
 * occurrences (lib/automations adds `{contact_first_name}`, `{age}` and `{years}`), and the
 * card's preview in the browser. Imported by client components, so nothing server-only here.
 */

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** The names of the `{...}` written in a message, each once, in the order written (`{}` included, as ""). */
export function placeholdersIn(message: string): string[] {
  return [...new Set([...message.matchAll(PLACEHOLDER)].map((match) => match[1]!))];
}

/**
 * The message with each `{name}` that `values` has replaced by its value, in one pass, so a value
 * is never read as a placeholder (a first name written "{last_name}" stays as it is). Any other
 * braces stay as written.
 */
export function fillPlaceholders(message: string, values: Readonly<Record<string, string>>): string {
  return message.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(values, name) ? values[name]! : whole));
}

/** Who a card is shown for when its project has nobody yet: the preview's and the proof's sample person. */
export const SAMPLE_RECIPIENT_NAME = { firstName: "Alex", lastName: "Morgan" } as const;

/** The placeholders of a project's message, filled for one recipient as checkout fills them. */
export const recipientPlaceholders = (recipient: { firstName: string; lastName: string }) => ({ first_name: recipient.firstName, last_name: recipient.lastName });
