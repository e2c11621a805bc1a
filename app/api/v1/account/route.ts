// GET /api/v1/account — the current user's account, own contact (return address) and shipping address
import { toAccountJson } from "@/lib/account/mapper";
import { getAccount } from "@/lib/account/service";
import { handler, route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handler(async ({ service }) => json(toAccountJson(await getAccount(service)))),
});
