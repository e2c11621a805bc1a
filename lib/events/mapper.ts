import { eventDateString, type EventDate } from "./dates";
import type { ContactEventJson } from "./response";
import type { EventKind } from "./wording";

export type ContactEvent = {
  kind: EventKind;
  contactId: string;
  /** The day of the event in the asked month, already moved to the month's last day when needed. */
  date: EventDate;
  title: string;
  text: string;
};

/** The spec's Contact event. */
export function toContactEventJson(event: ContactEvent): ContactEventJson {
  return { title: event.title, text: event.text, event_date: eventDateString(event.date), uuid: event.contactId };
}
