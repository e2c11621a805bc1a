import { ContactFormSkeleton } from "@/components/contacts/form-skeleton";

export default function NewContactLoading() {
  return <ContactFormSkeleton label="Loading the form" />;
}
