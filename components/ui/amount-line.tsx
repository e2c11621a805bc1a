// One term and its value in a <dl>: the <div> is the only wrapper a <dl> may hold.
export function AmountLine({ label, value, strong, className }: { label: string; value: string; strong?: boolean; className?: string }) {
  return (
    <div className={`flex items-baseline justify-between gap-4 ${className ?? ""}`}>
      <dt className={strong ? "font-semibold text-stone-900" : "text-stone-600"}>{label}</dt>
      <dd className={`tabular-nums ${strong ? "text-lg font-semibold text-stone-900" : "text-stone-900"}`}>{value}</dd>
    </div>
  );
}
