/**
 * Whether the request comes from a phone: its browser says so (the `Sec-CH-UA-Mobile` hint, or
 * "Mobi" in the user agent, which phones' browsers send and tablets' do not). A phone never
 * reaches the wide-screen breakpoint (1024 px), even turned sideways, so a page can leave out
 * what only wide screens show; when unsure it is not a phone, and the page sends both views.
 */
export function isPhone(headers: Headers): boolean {
  const hint = headers.get("sec-ch-ua-mobile");
  if (hint) return hint === "?1";
  return /\bMobi/.test(headers.get("user-agent") ?? "");
}
