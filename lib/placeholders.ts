/*
 * The one place a message's `{...}` placeholders are filled, for every card that is printed or
 * shown: a project's pieces at checkout (`{first_name}` and `{last_name}`), an automation's
 * occurrences (lib/automations adds `{contact_first_name}`, `{age}` and `{years}`), and the
 * card's preview in the browser. Imported by client components, so nothing server-only here.
 */

const PLACEHOLDER = /\{([^{}]*)\}/g;
/** A placeholder as filled: `{last_name}s` (an "s" ending the word) is the family's plural. */
const FILLED = /\{([^{}]*)\}(s(?![\p{L}\p{N}]))?/gu;

/** The names of the `{...}` written in a message, each once, in the order written (`{}` included, as ""). */
export function placeholdersIn(message: string): string[] {
  return [...new Set([...message.matchAll(PLACEHOLDER)].map((match) => match[1]!))];
}

/**
 * The plural of a family name, as in "the Martinezes": "es" after s, x, z, ch and sh (Jones,
 * Fox, Martinez, Church, Walsh), "s" after anything else (Kennedy, Smith); each name of a
 * household's "Martinez & Ruiz" on its own. Spelled by the name's own last letters, whatever
 * their case.
 */
export function pluralFamilyName(name: string): string {
  return name
    .split(/( & |, )/)
    .map((part, i) => {
      if (i % 2 === 1 || part.trim() === "") return part;
      return /(s|x|z|ch|sh)$/i.test(part) ? `${part}es` : `${part}s`;
    })
    .join("");
}

/**
 * The message with each `{name}` that `values` has replaced by its value, in one pass, so a value
 * is never read as a placeholder (a first name written "{last_name}" stays as it is). Any other
 * braces stay as written. `{last_name}s` is the plural of the family name (pluralFamilyName):
 * "the {last_name}s" reads "the Martinezes", not "the Martinezs".
 */
export function fillPlaceholders(message: string, values: Readonly<Record<string, string>>): string {
  return message.replace(FILLED, (whole, name: string, plural: string | undefined) => {
    if (!Object.hasOwn(values, name)) return whole;
    const value = values[name]!;
    if (plural === undefined) return value;
    return name === "last_name" ? pluralFamilyName(value) : `${value}${plural}`;
  });
}

/** Who a card is shown for when its project has nobody yet: the preview's and the proof's sample person. */
export const SAMPLE_RECIPIENT_NAME = { firstName: "Alex", lastName: "Morgan" } as const;

/** The placeholders of a project's message, filled for one recipient as checkout fills them. */
export const recipientPlaceholders = (recipient: { firstName: string; lastName: string }) => ({ first_name: recipient.firstName, last_name: recipient.lastName });
