import { eventDateString } from "./dates";
import type { ContactEvent } from "./service";

export type ContactEventJson = { title: string; text: string; event_date: string; uuid: string };

/** The spec's Contact event. */
export function toContactEventJson(event: ContactEvent): ContactEventJson {
  return { title: event.title, text: event.text, event_date: eventDateString(event.date), uuid: event.contactId };
}
