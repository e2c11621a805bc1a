import { describe, expect, it } from "vitest";
import { isPhone } from "./phone";

const PIXEL = "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const ANDROID_TABLET = "Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";

describe("isPhone", () => {
  it("takes a phone's user agent for a phone", () => {
    expect(isPhone(new Headers({ "user-agent": PIXEL }))).toBe(true);
    expect(isPhone(new Headers({ "user-agent": IPHONE }))).toBe(true);
  });

  it("takes tablets, desktops and unknown browsers for wide screens", () => {
    expect(isPhone(new Headers({ "user-agent": ANDROID_TABLET }))).toBe(false);
    expect(isPhone(new Headers({ "user-agent": DESKTOP }))).toBe(false);
    expect(isPhone(new Headers())).toBe(false);
  });

  it("believes the mobile hint over the user agent", () => {
    expect(isPhone(new Headers({ "sec-ch-ua-mobile": "?1", "user-agent": DESKTOP }))).toBe(true);
    expect(isPhone(new Headers({ "sec-ch-ua-mobile": "?0", "user-agent": PIXEL }))).toBe(false);
  });
});
