import { Time } from "@/components/ui/time";
import type { ApiTokenSummary } from "@/lib/auth/tokens";
import { RevokeTokenButton } from "./revoke-token-button";

/** The account's active tokens, by app ID, with when each was made and last used. */
export function TokenList({ tokens }: { tokens: ApiTokenSummary[] }) {
  if (tokens.length === 0) {
    return <p className="rounded-lg border border-dashed border-stone-300 px-4 py-6 text-center text-sm text-stone-600">No app has an active token.</p>;
  }
  return (
    <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200" aria-label="Active API tokens">
      {tokens.map((token) => (
        <li key={token.id} className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <p className="truncate font-mono text-sm font-medium text-stone-900">{token.app_id}</p>
            <p className="text-xs text-stone-500">
              Created <Time value={token.created_at} style="date" />
              {token.expires_at ? (
                <>
                  {" · expires "}
                  <Time value={token.expires_at} style="date" />
                </>
              ) : (
                " · does not expire"
              )}
            </p>
            <p className="text-xs text-stone-500">
              {token.last_used_at ? (
                <>
                  Last used <Time value={token.last_used_at} />
                </>
              ) : (
                "Never used"
              )}
            </p>
          </div>
          <RevokeTokenButton tokenId={token.id} appId={token.app_id} />
        </li>
      ))}
    </ul>
  );
}
