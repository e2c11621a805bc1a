import { Button } from "./button";

/**
 * A form's submit button, "Saving…" while the action runs, and "Saved." once it succeeded. The
 * confirmation is a status region so screen readers hear it without moving focus.
 */
export function FormFooter({ label, pending, saved }: { label: string; pending: boolean; saved: boolean }) {
  return (
    <div className="flex items-center gap-3">
      <Button type="submit" disabled={pending}>
        {pending ? "Saving…" : label}
      </Button>
      {saved ? (
        <p role="status" className="text-sm text-emerald-700">
          Saved.
        </p>
      ) : null}
    </div>
  );
}
