import type { GroupRow } from "@/db/schema";
import type { GroupJson } from "./response";

const iso = (value: Date | string) => new Date(value).toISOString();

/** The spec's Group: exactly its five fields, description null when unset. */
export function toGroupJson(row: Pick<GroupRow, "id" | "name" | "description" | "createdAt" | "updatedAt">): GroupJson {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}
