import { afterEach, describe, expect, it } from "vitest";
import { clientIp } from "@/lib/api/http";
import { resetConfig } from "@/lib/config";

const withForwardedFor = (value?: string) => new Request("http://localhost:3000/api/v1/auth/login", { headers: value === undefined ? {} : { "x-forwarded-for": value } });

function trustProxies(count: number) {
  process.env.TRUSTED_PROXIES = String(count);
  resetConfig();
}

afterEach(() => {
  delete process.env.TRUSTED_PROXIES;
  resetConfig();
});

// server.mjs appends the socket's address, so the last entry is always the peer.
describe("clientIp", () => {
  const one = "198.51.100.1";
  const two = "203.0.113.9, 198.51.100.1";
  const three = "10.0.0.1, 203.0.113.9, 198.51.100.1";

  it("is the socket's address (the last entry) by default, whatever the client wrote before it", () => {
    expect(clientIp(withForwardedFor(one))).toBe("198.51.100.1");
    expect(clientIp(withForwardedFor(two))).toBe("198.51.100.1");
    expect(clientIp(withForwardedFor(three))).toBe("198.51.100.1");
  });

  it("with TRUSTED_PROXIES=0 set explicitly, the same", () => {
    trustProxies(0);
    expect(clientIp(withForwardedFor(one))).toBe("198.51.100.1");
    expect(clientIp(withForwardedFor(two))).toBe("198.51.100.1");
    expect(clientIp(withForwardedFor(three))).toBe("198.51.100.1");
  });

  it("with TRUSTED_PROXIES=1, the entry the proxy appended, or the leftmost when there are fewer", () => {
    trustProxies(1);
    expect(clientIp(withForwardedFor(one))).toBe("198.51.100.1");
    expect(clientIp(withForwardedFor(two))).toBe("203.0.113.9");
    expect(clientIp(withForwardedFor(three))).toBe("203.0.113.9");
  });

  it("with TRUSTED_PROXIES=2, the entry three from the right, or the leftmost when there are fewer", () => {
    trustProxies(2);
    expect(clientIp(withForwardedFor(one))).toBe("198.51.100.1");
    expect(clientIp(withForwardedFor(two))).toBe("203.0.113.9");
    expect(clientIp(withForwardedFor(three))).toBe("10.0.0.1");
    expect(clientIp(withForwardedFor(`forged, ${three}`))).toBe("10.0.0.1");
  });

  it("ignores blank entries and spaces", () => {
    expect(clientIp(withForwardedFor(" 203.0.113.9 ,, 198.51.100.1 "))).toBe("198.51.100.1");
  });

  // Unreachable over HTTP: server.mjs always sets the header (and Next sets it too when missing).
  it("is a placeholder only when a handler is called with no header at all", () => {
    expect(clientIp(withForwardedFor())).toBe("no-forwarded-for");
    expect(clientIp(withForwardedFor(" , "))).toBe("no-forwarded-for");
  });

  it("refuses a TRUSTED_PROXIES that is not a count", () => {
    for (const value of ["-1", "1.5", "two"]) {
      process.env.TRUSTED_PROXIES = value;
      resetConfig();
      expect(() => clientIp(withForwardedFor(one))).toThrow(/TRUSTED_PROXIES/);
    }
  });
});
