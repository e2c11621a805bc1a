import { z } from "zod";
import { serialIdQuery } from "@/lib/ids";
import { cursorQuery, perPageQuery } from "@/lib/paging";

export const listCardsQuerySchema = z.object({
  occasion_id: serialIdQuery().optional(),
  category_id: serialIdQuery().optional(),
  per_page: perPageQuery(),
  cursor: cursorQuery(),
});
export type ListCardsQuery = z.infer<typeof listCardsQuerySchema>;
