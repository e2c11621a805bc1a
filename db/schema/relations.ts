import { relations } from "drizzle-orm";
import { cardCategories, cardImages, cardOccasions, cards, artists, categories, occasions, customizationTypes } from "./cards";
import { contactChildren, contactPets, contacts } from "./contacts";
import { groupContacts, groups } from "./groups";
import { orderRecipients, orderStatusEvents, orders } from "./orders";
import { projectRecipients, projects } from "./projects";

export const contactsRelations = relations(contacts, ({ many }) => ({
  children: many(contactChildren),
  pets: many(contactPets),
  groupLinks: many(groupContacts),
}));
export const contactChildrenRelations = relations(contactChildren, ({ one }) => ({
  contact: one(contacts, { fields: [contactChildren.contactId], references: [contacts.id] }),
}));
export const contactPetsRelations = relations(contactPets, ({ one }) => ({
  contact: one(contacts, { fields: [contactPets.contactId], references: [contacts.id] }),
}));
export const groupsRelations = relations(groups, ({ many }) => ({ contactLinks: many(groupContacts) }));
export const groupContactsRelations = relations(groupContacts, ({ one }) => ({
  group: one(groups, { fields: [groupContacts.groupId], references: [groups.id] }),
  contact: one(contacts, { fields: [groupContacts.contactId], references: [contacts.id] }),
}));

export const cardsRelations = relations(cards, ({ one, many }) => ({
  artist: one(artists, { fields: [cards.artistId], references: [artists.id] }),
  customizationType: one(customizationTypes, { fields: [cards.customizationTypeId], references: [customizationTypes.id] }),
  images: many(cardImages),
  categoryLinks: many(cardCategories),
  occasionLinks: many(cardOccasions),
}));
export const cardImagesRelations = relations(cardImages, ({ one }) => ({ card: one(cards, { fields: [cardImages.cardId], references: [cards.id] }) }));
export const cardCategoriesRelations = relations(cardCategories, ({ one }) => ({
  card: one(cards, { fields: [cardCategories.cardId], references: [cards.id] }),
  category: one(categories, { fields: [cardCategories.categoryId], references: [categories.id] }),
}));
export const cardOccasionsRelations = relations(cardOccasions, ({ one }) => ({
  card: one(cards, { fields: [cardOccasions.cardId], references: [cards.id] }),
  occasion: one(occasions, { fields: [cardOccasions.occasionId], references: [occasions.id] }),
}));

export const projectsRelations = relations(projects, ({ one, many }) => ({
  card: one(cards, { fields: [projects.cardId], references: [cards.id] }),
  recipients: many(projectRecipients),
}));
export const projectRecipientsRelations = relations(projectRecipients, ({ one }) => ({
  project: one(projects, { fields: [projectRecipients.projectId], references: [projects.id] }),
  contact: one(contacts, { fields: [projectRecipients.contactId], references: [contacts.id] }),
}));

export const ordersRelations = relations(orders, ({ many }) => ({ recipients: many(orderRecipients) }));
export const orderRecipientsRelations = relations(orderRecipients, ({ one, many }) => ({
  order: one(orders, { fields: [orderRecipients.orderId], references: [orders.id] }),
  project: one(projects, { fields: [orderRecipients.projectId], references: [projects.id] }),
  events: many(orderStatusEvents),
}));
export const orderStatusEventsRelations = relations(orderStatusEvents, ({ one }) => ({
  recipient: one(orderRecipients, { fields: [orderStatusEvents.orderRecipientId], references: [orderRecipients.id] }),
}));
