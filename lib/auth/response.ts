import { z } from "zod";

/*
 * The token and logout answers as the API writes them, and the OpenAPI document's schemas
 * (lib/openapi/responses.ts names these very schemas).
 */

export const tokenSchema = z.strictObject({
  data: z.strictObject({ token: z.string().meta({ description: "A JWT to send as `Authorization: Bearer <token>`.", example: "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9..." }) }),
});

export const loggedOutSchema = z.strictObject({ message: z.literal("Logged out.") });

export type TokenJson = z.infer<typeof tokenSchema>;
export type LoggedOutJson = z.infer<typeof loggedOutSchema>;
