// GET /card-art/{slug}/{front|inside|back|thumbnail}.svg — generated card artwork, served without a token
import { createHash } from "node:crypto";
import { publicHandler, route } from "@/lib/api/handler";
import { getCardArtwork } from "@/lib/cards/artwork-service";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: publicHandler(async ({ req, db, params }) => {
    const svg = await getCardArtwork(db, params.slug ?? "", params.file ?? "");
    const etag = `"${createHash("sha256").update(svg).digest("base64url").slice(0, 27)}"`;
    const headers = {
      "Content-Type": "image/svg+xml; charset=utf-8",
      // Art changes when an admin edits a card or an upgrade redraws a motif: a browser reuses its copy
      // for five minutes, then shows it once more while asking again (a 304 while the ETag holds).
      "Cache-Control": "public, max-age=300, stale-while-revalidate=86400",
      ETag: etag,
      // Opened directly, an SVG is a document: it may not run scripts or load anything.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      "X-Content-Type-Options": "nosniff",
    };
    const ifNoneMatch = req.headers.get("if-none-match");
    if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim() === etag || tag.trim() === "*")) {
      return new Response(null, { status: 304, headers });
    }
    return new Response(svg, { status: 200, headers });
  }),
});
