export const ACCOUNT_TYPES: Record<number, string> = { 1: "Personal", 2: "Business", 3: "Admin" };
