// GET /api/v1/calendar-feeds/{secret}.ics — an account's birthdays and anniversaries for calendar apps, which send no token
import { publicHandler, route } from "@/lib/api/handler";
import { calendarFeedText } from "@/lib/account/calendar-feed";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: publicHandler(async ({ db, params }) => {
    const text = await calendarFeedText(db, params.secret ?? "");
    return new Response(text, {
      status: 200,
      headers: { "Content-Type": "text/calendar; charset=utf-8", "Content-Disposition": 'inline; filename="cardmail.ics"', "Cache-Control": "private, no-cache" },
    });
  }),
});
