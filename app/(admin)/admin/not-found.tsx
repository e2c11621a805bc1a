import { NotFoundPanel } from "@/components/orders/not-found-panel";
import { ButtonLink } from "@/components/ui/button";

// Non-admins land here too: it must not hint that an admin area exists.
export default function AdminNotFound() {
  return (
    <NotFoundPanel title="This page does not exist" action={<ButtonLink href="/contacts">Back to your contacts</ButtonLink>}>
      The address may be mistyped, or what it pointed to may have been removed.
    </NotFoundPanel>
  );
}
