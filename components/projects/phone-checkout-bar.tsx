import { ButtonLink } from "@/components/ui/button";
import { plural } from "@/components/ui/format";
import { hrefWith } from "@/components/cards/send-context";
import { formatMoney } from "@/lib/money";

type Props = {
  projectUuid: string;
  toSend: number;
  totalCents: number;
  creditCents: number;
  isCardActive: boolean;
  deliveryDate?: string;
};

/**
 * On phones the cost panel scrolls away above a long recipients list: this bar keeps the total
 * and the way to checkout at the bottom of the screen. Wider screens have the sticky panel.
 */
export function PhoneCheckoutBar({ projectUuid, toSend, totalCents, creditCents, isCardActive, deliveryDate }: Props) {
  if (toSend === 0 || !isCardActive) return null;
  const shortfall = totalCents - creditCents;
  return (
    <div className="fixed inset-x-0 bottom-0 z-20 border-t border-stone-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] backdrop-blur lg:hidden">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3">
        <p className="min-w-0 text-sm text-stone-700">
          <span className="font-semibold text-stone-900 tabular-nums">{formatMoney(totalCents)}</span>{" "}
          for {plural(toSend, "card")}
          {shortfall > 0 ? <span className="block text-xs text-amber-900">{formatMoney(shortfall)} more credit needed</span> : null}
        </p>
        <ButtonLink href={hrefWith(`/projects/${projectUuid}/checkout`, { delivery_date: deliveryDate })} className="shrink-0">
          Check out<span className="sr-only"> {formatMoney(totalCents)}</span>
        </ButtonLink>
      </div>
    </div>
  );
}
