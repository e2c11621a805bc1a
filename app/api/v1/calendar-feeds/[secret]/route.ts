// GET /api/v1/calendar-feeds/{secret}.ics — an account's birthdays and anniversaries for calendar apps, which send no token
import { publicHandler, route } from "@/lib/api/handler";
import { isFresh } from "@/lib/api/http";
import { calendarFeed } from "@/lib/account/calendar-feed";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: publicHandler(async ({ req, db, params }) => {
    const feed = await calendarFeed(db, params.secret ?? "");
    // Calendar apps poll: an unchanged book answers 304 without a contact being read.
    const validators = { ETag: feed.etag, "Last-Modified": feed.lastModified.toUTCString(), "Cache-Control": "private, no-cache" };
    if (isFresh(req, feed)) return new Response(null, { status: 304, headers: validators });
    return new Response(feed.body(), {
      status: 200,
      headers: { ...validators, "Content-Type": "text/calendar; charset=utf-8", "Content-Disposition": 'inline; filename="cardmail.ics"' },
    });
  }),
});
