// GET /api/v1/fonts — the typefaces a message can be printed in (projects' and automations' message_font)
import { handler, route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";
import { toFontsJson } from "@/lib/fonts";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handler(async () => json(toFontsJson())),
});
