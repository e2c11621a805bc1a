const longDate = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric" });

/** "March 14, 2026". */
export function formatDate(value: Date | string): string {
  return longDate.format(new Date(value));
}

export const ACCOUNT_TYPES: Record<number, string> = { 1: "Personal", 2: "Business", 3: "Admin" };
