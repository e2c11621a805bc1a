import "server-only";
import { trackOrderWithHistory } from "@/lib/orders/service";
import { recordLoader } from "@/app/_lib/record-loader";

/**
 * The signed-in user's order with each piece's history, or the not-found page. Another
 * account's order is a 403 in the API; here it simply does not exist.
 */
export const loadOrder = recordLoader(trackOrderWithHistory, ["not_found", "forbidden"]);
