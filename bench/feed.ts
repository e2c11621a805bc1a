// The calendar feed of the benchmark's book, through the server: one fetch timed while the
// server's resident memory is sampled every 50 ms, then more in a row, then its ETag sent back.
// Used by `npm run bench` and `npm run bench:address-book`.
import { performance } from "node:perf_hooks";
import { round } from "./config";
import type { RunningServer } from "./server";

export const FEED_REPEATS = 10;
export const FEED_BARS = { seconds: 5, growthMb: 50 };

export type FeedMeasurement = {
  events: number;
  seconds: number;
  /** The server's memory at most during the timed fetch, over what it held before it. */
  growth_mb: number;
  /** Where the server's memory is after FEED_REPEATS more fetches (and 2 s), against before the first. */
  after_repeats_mb: number;
  /** The answer to the last fetch's ETag in If-None-Match. */
  unchanged_status: number;
};

export async function measureFeed(server: RunningServer, headers: Record<string, string>): Promise<FeedMeasurement> {
  const created = await fetch(`${server.url}/api/v1/account/calendar-feed`, { method: "POST", headers });
  const feedUrl = ((await created.json()) as { data: { url: string } }).data.url;
  const fetchFeed = async (extra: Record<string, string> = {}) => {
    const answer = await fetch(feedUrl, { headers: extra });
    const marker = "BEGIN:VEVENT";
    let events = 0;
    let tail = "";
    // A 304 has no body. A marker cut between two chunks is found in the tail carried over, which
    // is one character too short to hold a whole one (counted already).
    for await (const chunk of (answer.body ?? []) as unknown as AsyncIterable<Uint8Array>) {
      const text = tail + Buffer.from(chunk).toString("utf8");
      events += text.split(marker).length - 1;
      tail = text.slice(-(marker.length - 1));
    }
    return { status: answer.status, etag: answer.headers.get("etag") ?? "", events };
  };
  // The route's code loaded and warm, as on a server that has served it.
  await fetchFeed();
  const baseline = server.rss.restart();
  const sampler = setInterval(() => server.rss.sample(), 50);
  const started = performance.now();
  const feed = await fetchFeed();
  const seconds = (performance.now() - started) / 1000;
  server.rss.sample();
  const growth = server.rss.maxMb - baseline;
  for (let i = 0; i < FEED_REPEATS; i++) await fetchFeed();
  clearInterval(sampler);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const afterRepeats = server.rss.restart() - baseline;
  const unchanged = await fetchFeed({ "if-none-match": feed.etag });
  if (feed.status !== 200) throw new Error(`the feed answered ${feed.status}`);
  return { events: feed.events, seconds: round(seconds, 2), growth_mb: round(growth), after_repeats_mb: round(afterRepeats), unchanged_status: unchanged.status };
}

export function describeFeed(m: FeedMeasurement): string {
  return `${m.events.toLocaleString("en-US")} events in ${m.seconds} s; server memory +${m.growth_mb} MB at most, +${m.after_repeats_mb} MB after ${FEED_REPEATS} more; If-None-Match: ${m.unchanged_status}`;
}

/** `birthdays`: how many of the book's contacts have a birthday, each an event at least. */
export function feedBars(m: FeedMeasurement, birthdays: number): { bar: string; holds: boolean; numbers: string }[] {
  return [
    { bar: `feed: an event for every contact's birthday at least (${birthdays.toLocaleString("en-US")})`, holds: m.events >= birthdays, numbers: `${m.events}` },
    { bar: `feed: under ${FEED_BARS.seconds} s`, holds: m.seconds < FEED_BARS.seconds, numbers: `${m.seconds} s` },
    { bar: `feed: server memory growth under ${FEED_BARS.growthMb} MB`, holds: m.growth_mb < FEED_BARS.growthMb, numbers: `+${m.growth_mb} MB` },
    { bar: `feed: ${FEED_REPEATS} fetches in a row leave the server within ${FEED_BARS.growthMb} MB of where it started`, holds: m.after_repeats_mb < FEED_BARS.growthMb, numbers: `+${m.after_repeats_mb} MB` },
    { bar: "feed: an unchanged book answers 304 to its ETag", holds: m.unchanged_status === 304, numbers: `${m.unchanged_status}` },
  ];
}
