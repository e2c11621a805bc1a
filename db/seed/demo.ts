import type { Database } from "../client";
import { users } from "../schema";
import { hashPassword } from "@/lib/auth/password";

export async function seedDemo(db: Database): Promise<void> {
  await db.insert(users).values([
    { email: "demo@example.com", username: "demo", passwordHash: await hashPassword("demo-password"), accountType: 1, creditCents: 10000 },
    { email: "alex@example.com", username: "alex", passwordHash: await hashPassword("demo-password"), accountType: 1, creditCents: 0 },
    { email: "admin@example.com", username: "admin", passwordHash: await hashPassword("admin-password"), accountType: 3, creditCents: 0 },
  ]);
}
