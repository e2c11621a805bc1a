import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/feedback";

export default function CardNotFound() {
  return (
    <EmptyState title="Card not found" action={<ButtonLink href="/cards">Browse all cards</ButtonLink>}>
      This card isn&apos;t in the catalog. It may have been retired, or the link may be mistyped.
    </EmptyState>
  );
}
