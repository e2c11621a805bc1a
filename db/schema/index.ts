export * from "./users";
export * from "./contacts";
export * from "./groups";
export * from "./cards";
export * from "./projects";
export * from "./orders";
export * from "./relations";
export * from "./automations";
