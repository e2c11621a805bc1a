import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/feedback";

export default function ProjectNotFound() {
  return (
    <EmptyState title="Project not found" action={<ButtonLink href="/projects">Back to your projects</ButtonLink>}>
      This project doesn&apos;t exist among your projects. The link may be mistyped, or it may belong to another account.
    </EmptyState>
  );
}
