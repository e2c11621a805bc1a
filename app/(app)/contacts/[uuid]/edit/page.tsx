import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { requireUser } from "@/auth";
import { ContactForm } from "@/components/contacts/contact-form";
import { contactName } from "@/lib/contacts/view";
import { PageHeader } from "@/components/ui/feedback";
import { toContactJson } from "@/lib/contacts/mapper";
import { loadContact } from "../../_lib/load-contact";

type Params = { params: Promise<{ uuid: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  return { title: `Edit ${contactName(await loadContact((await params).uuid))}` };
}

export default async function EditContactPage({ params }: Params) {
  await connection();
  await requireUser();
  const contact = await loadContact((await params).uuid);
  const name = contactName(contact);
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link href={`/contacts/${contact.id}`} className="font-medium text-stone-600 hover:text-stone-900">
          ← {name}
        </Link>
      </nav>
      <PageHeader title={`Edit ${name}`} />
      <ContactForm contact={toContactJson(contact)} />
    </>
  );
}
