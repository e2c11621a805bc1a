const deliveryDate = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
const dateTime = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" });

/** Delivery dates are a calendar day, stored as midnight UTC: read them in UTC. */
export const formatDeliveryDate = (value: Date | string) => deliveryDate.format(new Date(value));

/** "March 14, 2026 at 3:04 PM UTC". */
export const formatDateTime = (value: Date | string) => dateTime.format(new Date(value));
