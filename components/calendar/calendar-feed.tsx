"use client";

import { useId, useRef, useState, useTransition } from "react";
import { createCalendarFeedAction, revokeCalendarFeedAction } from "@/app/(app)/calendar/actions";
import { Button } from "@/components/ui/button";
import { Panel } from "@/components/ui/feedback";
import { Time } from "@/components/ui/time";
import { useDisclosureFocus } from "@/components/ui/use-disclosure-focus";

const webcal = (url: string) => url.replace(/^https?:/, "webcal:");

/**
 * "Subscribe in your calendar": the account's feed address, shown once when it is made (only
 * a hash of its secret is kept), with a copy button; replacing it ends the previous address,
 * revoking asks once more.
 */
export function CalendarFeed({ createdAt }: { createdAt: string | null }) {
  const [url, setUrl] = useState<string | null>(null);
  const [hasFeed, setHasFeed] = useState(createdAt !== null);
  const [since, setSince] = useState(createdAt);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [pending, startTransition] = useTransition();
  const inputId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const revokeRef = useRef<HTMLButtonElement>(null);
  useDisclosureFocus(confirming, () => confirmRef.current?.focus(), revokeRef);

  function create() {
    setError(null);
    setCopied(false);
    startTransition(async () => {
      const result = await createCalendarFeedAction({});
      if (!result.ok) return setError(result.message);
      setUrl(result.data.url);
      setHasFeed(true);
      setSince(new Date().toISOString());
    });
  }

  function revoke() {
    setError(null);
    startTransition(async () => {
      const result = await revokeCalendarFeedAction({});
      setConfirming(false);
      if (!result.ok) return setError(result.message);
      setUrl(null);
      setHasFeed(false);
      setSince(null);
    });
  }

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(webcal(url));
      setCopied(true);
    } catch {
      setError("Your browser didn't let us copy: select the address and copy it yourself.");
    }
  }

  return (
    <Panel title="Subscribe in your calendar" className="mt-8">
      <p className="text-sm text-stone-600">
        Every birthday and anniversary of your contacts and their families in Apple Calendar, Google Calendar or Outlook, kept up to date as
        you edit your contacts. Anyone with the address can see these dates.
      </p>

      {url ? (
        <div className="mt-4 space-y-3">
          <label htmlFor={inputId} className="block text-sm font-medium text-stone-800">
            Your calendar address
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id={inputId}
              readOnly
              value={webcal(url)}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 rounded-lg border border-stone-300 bg-stone-50 px-3 py-2 font-mono text-base text-stone-800 sm:text-sm"
            />
            <Button variant="secondary" onClick={copy}>
              {copied ? "Copied" : "Copy"}
            </Button>
          </div>
          <p className="text-sm text-stone-600">
            <a href={webcal(url)} className="font-medium text-rose-700 underline underline-offset-2">
              Open in your calendar app
            </a>
            . Google Calendar: &ldquo;Other calendars&rdquo;, &ldquo;From URL&rdquo;, with the address starting{" "}
            <code className="rounded bg-stone-100 px-1">{url.slice(0, url.indexOf(":"))}://</code> instead. This address is shown only now.
          </p>
          <p role="status" className="sr-only">
            {copied ? "Address copied." : ""}
          </p>
        </div>
      ) : hasFeed ? (
        <p className="mt-4 text-sm text-stone-700">
          You have a calendar address
          {since ? (
            <>
              {" since "}
              <Time value={since} style="date" />
            </>
          ) : null}
          . It
          was shown once, when it was made: replace it to get a new one (the old one stops working).
        </p>
      ) : null}

      <div className="mt-4 flex flex-wrap items-center gap-2">
        <Button onClick={create} disabled={pending} variant={hasFeed ? "secondary" : "primary"}>
          {pending && !confirming ? "Working…" : hasFeed ? "Replace address" : "Get a calendar address"}
        </Button>
        {hasFeed && !confirming ? (
          <Button ref={revokeRef} variant="ghost" onClick={() => setConfirming(true)} disabled={pending}>
            Revoke
          </Button>
        ) : null}
        {confirming ? (
          <div
            role="group"
            aria-label="Confirm revoking the calendar address"
            className="flex flex-wrap items-center gap-2"
            onKeyDown={(event) => event.key === "Escape" && !pending && setConfirming(false)}
          >
            <span className="text-sm text-stone-600">Calendars subscribed to it stop updating.</span>
            <Button ref={confirmRef} variant="danger" size="sm" onClick={revoke} disabled={pending}>
              {pending ? "Revoking…" : "Revoke address"}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setConfirming(false)} disabled={pending}>
              Cancel
            </Button>
          </div>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </Panel>
  );
}
