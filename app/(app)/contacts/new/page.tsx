import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { requireUser } from "@/auth";
import { ContactForm } from "@/components/contacts/contact-form";
import { PageHeader } from "@/components/ui/feedback";

export const metadata: Metadata = { title: "New contact" };

export default async function NewContactPage() {
  await connection();
  await requireUser();
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link href="/contacts" className="font-medium text-stone-600 hover:text-stone-900">
          ← Contacts
        </Link>
      </nav>
      <PageHeader title="New contact" description="Only the first and last name are required; the address is needed to mail a card." />
      <ContactForm contact={null} />
    </>
  );
}
