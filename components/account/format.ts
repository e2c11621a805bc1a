type AccountTypeLabel = { label: string; tone: "neutral" | "blue" | "rose" };

/** account_type 1, 2 and 3 in words, with the badge tone the admin pages give each. */
export const ACCOUNT_TYPES: Record<number, AccountTypeLabel> = {
  1: { label: "Personal", tone: "neutral" },
  2: { label: "Business", tone: "blue" },
  3: { label: "Admin", tone: "rose" },
};

export const accountTypeOf = (accountType: number): AccountTypeLabel => ACCOUNT_TYPES[accountType] ?? { label: `Type ${accountType}`, tone: "neutral" };
