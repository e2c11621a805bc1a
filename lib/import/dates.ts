/** A date as address books write it, with or without a year. */
export type ImportedDate = { month: number; day: number; year: number | null };

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** How slashed dates are read: month first (US) or day first (UK, Europe). */
export type SlashedDateOrder = "mdy" | "dmy";

const SLASHED = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** Whether a date is written with slashes (M/D/YYYY or D/M/YYYY), and its first number. */
export function slashedDateFirstNumber(text: string): number | null {
  const match = SLASHED.exec(text.trim());
  return match ? Number(match[1]) : null;
}

const FORMATS: { pattern: RegExp; order: "ymd" | "md" | "mdy" | "dmy" | "slashed" }[] = [
  // ISO 8601 and vCard: 1980-03-14, 19800314, with an optional time after it (vCard 4).
  { pattern: /^(\d{4})-?(\d{2})-?(\d{2})(?:T.*)?$/, order: "ymd" },
  // Without a year: --0314, --03-14 (vCard 3 and 4, Google Contacts).
  { pattern: /^--(\d{2})-?(\d{2})$/, order: "md" },
  // Outlook's CSV: 3/14/1980 in the US, 14/3/1980 in the UK and Europe.
  { pattern: SLASHED, order: "slashed" },
  // German and other European exports: 14.3.1980.
  { pattern: /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/, order: "dmy" },
];

/**
 * Reads a birthday or anniversary: `YYYY-MM-DD`, `YYYYMMDD`, `--MMDD`, `--MM-DD` or Outlook's
 * `M/D/YYYY`. Returns null for an empty value (and Outlook's `0/0/00`, its "none"), undefined
 * for one that is no date. February 29 is a date with or without a year (a birthday).
 */
export function parseImportedDate(text: string, omitYear?: string, slashed: SlashedDateOrder = "mdy"): ImportedDate | null | undefined {
  const value = text.trim();
  if (value === "" || /^0{1,2}\/0{1,2}\/0{2,4}$/.test(value)) return null;
  for (const { pattern, order } of FORMATS) {
    const match = pattern.exec(value);
    if (!match) continue;
    const [a, b, c] = match.slice(1).map(Number) as [number, number, number | undefined];
    const dateOrder = order === "slashed" ? slashed : order;
    const date: ImportedDate =
      dateOrder === "ymd" ? { year: a, month: b, day: c! } : dateOrder === "md" ? { year: null, month: a, day: b } : dateOrder === "mdy" ? { month: a, day: b, year: c! } : { day: a, month: b, year: c! };
    // Apple Contacts writes a birthday without a year as 1604-MM-DD with X-APPLE-OMIT-YEAR=1604.
    if (omitYear !== undefined && date.year !== null && String(date.year) === omitYear.trim()) date.year = null;
    if (date.month < 1 || date.month > 12 || date.day < 1 || date.day > DAYS_IN_MONTH[date.month - 1]!) return undefined;
    if (date.year !== null && date.month === 2 && date.day === 29 && !isLeapYear(date.year)) return undefined;
    return date;
  }
  return undefined;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export const DATE_FORMATS_HINT = "YYYY-MM-DD, YYYYMMDD, --MM-DD, M/D/YYYY (or D/M/YYYY) or D.M.YYYY";

export type DatePrefix = "birth" | "anniversary" | "spouse_birth";

/** Puts a date into a contact input's month/day/year fields, or an error on its month field. */
export function setImportedDate(input: Record<string, unknown>, errors: Record<string, string[]>, prefix: DatePrefix, text: string, omitYear?: string, slashed: SlashedDateOrder = "mdy"): void {
  const date = parseImportedDate(text, omitYear, slashed);
  if (date === undefined) {
    const what = prefix === "birth" ? "birthday" : prefix === "anniversary" ? "anniversary" : "spouse's birthday";
    (errors[`${prefix}_month`] ??= []).push(`The ${what} "${text.trim()}" is not a date; write it as ${DATE_FORMATS_HINT}.`);
    return;
  }
  input[`${prefix}_month`] = date?.month ?? null;
  input[`${prefix}_day`] = date?.day ?? null;
  input[`${prefix}_year`] = date?.year ?? null;
}
