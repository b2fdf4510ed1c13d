// Run by stack/test/parley/outbound-guard.test.ts (`deno test` on this folder).
import assert from "node:assert/strict";
import { hostAllowed } from "./host-allow-list.ts";
import { ipLiteral, isPublicAddress } from "./public-address.ts";

const notPublic = [
  ["IPv4 loopback", "127.0.0.1"],
  ["IPv4 loopback, elsewhere in 127/8", "127.45.6.7"],
  ["IPv4 unspecified", "0.0.0.0"],
  ["RFC 1918 private", "10.1.2.3"],
  ["RFC 1918 private", "172.16.0.9"],
  ["RFC 1918 private", "192.168.1.1"],
  ["carrier-grade NAT", "100.64.0.1"],
  ["link-local (cloud metadata)", "169.254.169.254"],
  ["multicast", "224.0.0.251"],
  ["broadcast", "255.255.255.255"],
  ["IPv6 loopback", "::1"],
  ["IPv6 unspecified", "::"],
  ["IPv6 link-local", "fe80::1"],
  ["IPv6 unique local", "fd12:3456::1"],
  ["IPv6 multicast", "ff02::1"],
  ["IPv4-mapped loopback", "::ffff:127.0.0.1"],
  ["IPv4-mapped loopback, hex", "::ffff:7f00:1"],
  ["IPv4-mapped private", "::ffff:192.168.0.1"],
  ["IPv4-compatible loopback", "::127.0.0.1"],
  ["6to4 of loopback", "2002:7f00:1::"],
  ["NAT64 of loopback", "64:ff9b::7f00:1"],
  ["documentation", "2001:db8::1"],
  ["not an address", "localhost"],
];

Deno.test("refuses loopback, private, link-local, multicast and unspecified addresses, IPv4 and IPv6", () => {
  for (const [what, address] of notPublic) assert.equal(isPublicAddress(address ?? ""), false, `${what}: ${address}`);
});

Deno.test("allows public unicast addresses, an IPv4-mapped public one included", () => {
  for (const address of ["142.250.74.106", "8.8.8.8", "2a00:1450:4001:82b::200a", "::ffff:8.8.8.8"])
    assert.equal(isPublicAddress(address), true, address);
});

Deno.test("reads IP literals from URL hostnames, IPv4 shorthands included", () => {
  assert.equal(ipLiteral(new URL("https://[::ffff:127.0.0.1]/").hostname), "::ffff:7f00:1");
  assert.equal(ipLiteral(new URL("https://2130706433/").hostname), "127.0.0.1");
  assert.equal(ipLiteral(new URL("https://0x7f.1/").hostname), "127.0.0.1");
  assert.equal(ipLiteral(new URL("https://fcm.googleapis.com/").hostname), null);
});

Deno.test("matches exact hosts and wildcard subdomains only", () => {
  const pushHosts = ["fcm.googleapis.com", "*.push.services.mozilla.com", "*.push.apple.com", "*.notify.windows.com"];
  for (const host of [
    "fcm.googleapis.com",
    "updates.push.services.mozilla.com",
    "web.push.apple.com",
    "wns2-db5p.notify.windows.com",
  ])
    assert.equal(hostAllowed(host, pushHosts), true, host);
  for (const host of [
    "push.apple.com",
    "evilpush.apple.com",
    "fcm.googleapis.com.evil.test",
    "fcm.googleapis.com.",
    "127.0.0.1",
    "localhost",
  ])
    assert.equal(hostAllowed(host, pushHosts), false, host);
  assert.equal(hostAllowed("anything.test", []), false);
});
