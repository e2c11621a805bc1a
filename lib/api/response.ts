import { z } from "zod";
import { dollars } from "@/lib/response-fields";

/*
 * The error bodies every route answers with (./handler.ts writes them), and the OpenAPI
 * document's schemas (lib/openapi/responses.ts names these very schemas).
 */

export const errorSchema = z.strictObject({ message: z.string() });

export const validationErrorSchema = z.strictObject({
  message: z.string().meta({ description: "The first field message, with the number of others.", example: "The first name field is required. (and 1 more error)" }),
  errors: z.record(z.string(), z.array(z.string())).meta({
    description: "Messages by dotted field path (`children.0.first_name`, `recipients.3.zip`, `cursor`, `Idempotency-Key`).",
    example: { first_name: ["The first name field is required."], "children.0.birth_month": ["The birth month field must not be greater than 12."] },
  }),
});

export const insufficientCreditSchema = z.strictObject({
  message: z.literal("No account credit available to process order"),
  credit_available: dollars("The account's credit.", 2.5),
  order_total: dollars("What the order would cost.", 11.97),
});
