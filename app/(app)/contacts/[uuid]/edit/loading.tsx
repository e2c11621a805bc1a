import { ContactFormSkeleton } from "@/components/contacts/form-skeleton";

export default function EditContactLoading() {
  return <ContactFormSkeleton label="Loading the contact" />;
}
