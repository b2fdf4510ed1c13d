import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address.ts";
import { NO_TRUSTED_PROXIES, parseTrustedProxies } from "./trusted-proxies.ts";

const proxies = parseTrustedProxies("10.0.0.0/8, ::1");

describe("clientAddress", () => {
  it.each([
    [
      "a peer that is not a trusted proxy: its own address, headers ignored",
      "198.51.100.4",
      "203.0.113.9",
      "https",
      proxies,
      { ip: "198.51.100.4", secure: false },
    ],
    [
      "no trusted proxies at all",
      "10.0.0.2",
      "203.0.113.9",
      "https",
      NO_TRUSTED_PROXIES,
      { ip: "10.0.0.2", secure: false },
    ],
    [
      "a trusted proxy: the right-most hop it did not add",
      "10.0.0.2",
      "192.0.2.1, 203.0.113.9",
      "https",
      proxies,
      { ip: "203.0.113.9", secure: true },
    ],
    [
      "a chain of trusted proxies",
      "10.0.0.2",
      "203.0.113.9, 10.0.0.7, 10.0.0.3",
      "http",
      proxies,
      { ip: "203.0.113.9", secure: false },
    ],
    [
      "IPv4-mapped and IPv6 peers",
      "::ffff:10.0.0.2",
      "203.0.113.9",
      undefined,
      proxies,
      { ip: "203.0.113.9", secure: false },
    ],
    ["the IPv6 loopback as a proxy", "::1", "2001:db8::5", undefined, proxies, { ip: "2001:db8::5", secure: false }],
    [
      "a trusted proxy without the header: the proxy itself",
      "10.0.0.2",
      undefined,
      undefined,
      proxies,
      { ip: "10.0.0.2", secure: false },
    ],
    [
      "garbage in the right-most hop: stop at the last address known",
      "10.0.0.2",
      "203.0.113.9, not-an-ip",
      undefined,
      proxies,
      { ip: "10.0.0.2", secure: false },
    ],
  ] as const)("%s", (_name, socket, forwardedFor, proto, trusted, expected) => {
    expect(clientAddress(socket, forwardedFor, proto, trusted)).toEqual(expected);
  });
});

describe("parseTrustedProxies", () => {
  it("accepts addresses and CIDRs of both families", () => {
    const list = parseTrustedProxies(" 127.0.0.1, 172.16.0.0/12 ,fd00::/8 ");
    expect(list.cidrs).toEqual(["127.0.0.1/32", "172.16.0.0/12", "fd00::/8"]);
    expect(list.contains("172.31.255.255")).toBe(true);
    expect(list.contains("172.32.0.1")).toBe(false);
    expect(list.contains("fd12::1")).toBe(true);
  });

  it.each(["localhost", "10.0.0.0/33", "::1/129", "10.0.0.0/8/8", "10.0.0.0/x"])("refuses %s", (entry) => {
    expect(() => parseTrustedProxies(entry)).toThrow(`"${entry}" is not an IP address or CIDR`);
  });
});
