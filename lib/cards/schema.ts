import { z } from "zod";
import { queryInt } from "@/lib/validation";

const MAX_SERIAL = 2_147_483_647;

const catalogId = () => queryInt().pipe(z.number().int().min(1).max(MAX_SERIAL)).optional();

export const listCardsQuerySchema = z.object({
  occasion_id: catalogId(),
  category_id: catalogId(),
  per_page: queryInt().pipe(z.number().int().min(1).max(100)).optional().default(15),
  cursor: z.string().max(1000).optional(),
});
export type ListCardsQuery = z.infer<typeof listCardsQuerySchema>;
