import { absoluteUrl } from "@/lib/cards/mapper";
import { addressWarnings, type AddressWarning } from "@/lib/contacts/address-warnings";
import { toContactJson, type ContactJson } from "@/lib/contacts/mapper";
import type { AddRecipientsResult } from "./recipients";
import type { ProjectDetail, ProjectRecipient } from "./recipient-list";
import type { ProjectWithCard } from "./service";

export type ProjectJson = {
  uuid: string;
  card_id: number;
  name: string;
  created_at: string;
  updated_at: string;
  is_box: boolean;
  is_postcard: boolean;
  category_id: number | null;
  occasion_id: number | null;
  image_url: string | null;
  thumbnail_url: string | null;
  automation_message: string | null;
  automation_signoff: string | null;
};

/** `address_warnings` (extension): what may keep the card from arriving, checked before paying. */
export type ProjectRecipientJson = ContactJson & { override_message: string | null; address_warnings: AddressWarning[] };
/** The first page of recipients, with their count and the cursor of the next page (extension fields). */
export type ProjectDetailJson = ProjectJson & { recipients: ProjectRecipientJson[]; recipients_count: number; recipients_next_cursor: string | null };

const iso = (value: Date | string) => new Date(value).toISOString();

function imageUrl(project: ProjectWithCard, type: string, origin: string): string | null {
  const image = project.card.images.find((candidate) => candidate.type === type);
  return image ? absoluteUrl(origin, image.path) : null;
}

/** The spec's Project; an empty message or sign-off is unset, so null like every unset field. */
export function toProjectJson(project: ProjectWithCard, origin: string): ProjectJson {
  return {
    uuid: project.id,
    card_id: project.cardId,
    name: project.name,
    created_at: iso(project.createdAt),
    updated_at: iso(project.updatedAt),
    is_box: project.isBox,
    is_postcard: project.isPostcard,
    category_id: project.categoryId,
    occasion_id: project.occasionId,
    image_url: imageUrl(project, "front", origin),
    thumbnail_url: imageUrl(project, "thumbnail", origin),
    automation_message: project.automationMessage || null,
    automation_signoff: project.automationSignoff || null,
  };
}

export function toProjectRecipientJson(recipient: ProjectRecipient): ProjectRecipientJson {
  return { ...toContactJson(recipient), override_message: recipient.overrideMessage, address_warnings: addressWarnings(recipient) };
}

export function toProjectDetailJson(project: ProjectDetail, origin: string): ProjectDetailJson {
  return {
    ...toProjectJson(project, origin),
    recipients: project.recipients.map(toProjectRecipientJson),
    recipients_count: project.recipientsCount,
    recipients_next_cursor: project.recipientsNextCursor,
  };
}

export function toAddRecipientsJson(result: AddRecipientsResult) {
  return { data: { message: "Recipients added to project", contacts_updated: result.contactsUpdated, contacts_created: result.contactsCreated } };
}
