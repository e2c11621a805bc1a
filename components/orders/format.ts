const deliveryDate = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

/** Delivery dates are a calendar day, stored as midnight UTC: read them in UTC. */
export const formatDeliveryDate = (value: Date | string) => deliveryDate.format(new Date(value));
