import { absoluteUrl } from "@/lib/cards/mapper";
import { addressWarnings } from "@/lib/contacts/address-warnings";
import { toContactJson } from "@/lib/contacts/mapper";
import { messageFont } from "@/lib/fonts";
import type { AddRecipientsResult } from "./recipients";
import type { ProjectDetail, ProjectRecipient } from "./recipient-list";
import type { AddRecipientsJson, ProjectDetailJson, ProjectJson, ProjectRecipientJson } from "./response";
import type { ProjectWithCard } from "./service";

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
    message_font: messageFont(project.messageFont).id,
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

export function toAddRecipientsJson(result: AddRecipientsResult): AddRecipientsJson {
  return { data: { message: "Recipients added to project", contacts_updated: result.contactsUpdated, contacts_created: result.contactsCreated } };
}
