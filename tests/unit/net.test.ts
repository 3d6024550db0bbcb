/**
 * IP and MAC addresses (common/net.ts), the one module behind the router forms and the API's checks:
 * the strict IPv4 spelling, LAN arithmetic, IP blocks of both families, and the MAC spellings of
 * docs/decisions/165-one-mac-spelling-set.md.
 */
import { describe, expect, it } from "vitest";
import { formatIp, formatIpv4, isHostOf, isPrivateIpv4, maskPrefix, normalizeMac, parseIp, parseIpv4, subnetOf } from "#common/net";
import { normalizeMac as formNormalizeMac } from "../../app/schemas/router.ts";

const ip = (text: string) => parseIpv4(text)!;

describe("IPv4 addresses", () => {
  it("reads four decimal parts of 0 to 255, spaces around trimmed, as a 32-bit number", () => {
    expect(parseIpv4("0.0.0.0")).toBe(0);
    expect(parseIpv4("192.168.1.1")).toBe(0xc0a80101);
    expect(parseIpv4("255.255.255.255")).toBe(0xffffffff);
    expect(parseIpv4(" 10.0.0.1\t")).toBe(0x0a000001);
  });

  it("refuses what ipaddr.js alone would read: short forms, octal, hex, leading zeros", () => {
    for (const text of [
      "10.1",
      "10.0.1",
      "167772161",
      "012.0.0.1",
      "0x0a.0.0.1",
      "10.0.0.01",
      "256.0.0.1",
      "1.2.3.4.5",
      "1.2.3.",
      "a.b.c.d",
      "",
    ]) {
      expect(parseIpv4(text), text).toBeNull();
    }
    expect(parseIpv4(null)).toBeNull();
    expect(parseIpv4(undefined)).toBeNull();
  });

  it("writes a number back as dotted text", () => {
    expect(formatIpv4(0xc0a80101)).toBe("192.168.1.1");
    expect(formatIpv4(0)).toBe("0.0.0.0");
    expect(formatIpv4(0xffffffff)).toBe("255.255.255.255");
  });

  it("reads a mask's prefix length only when its ones are contiguous", () => {
    expect(maskPrefix(ip("255.255.255.0"))).toBe(24);
    expect(maskPrefix(ip("255.255.0.0"))).toBe(16);
    expect(maskPrefix(ip("255.255.255.252"))).toBe(30);
    expect(maskPrefix(ip("255.255.255.255"))).toBe(32);
    expect(maskPrefix(ip("0.0.0.0"))).toBe(0);
    expect(maskPrefix(ip("255.0.255.0"))).toBeNull();
    expect(maskPrefix(ip("255.255.255.1"))).toBeNull();
  });

  it("knows a subnet's network and broadcast addresses and its hosts between them", () => {
    const lan = subnetOf(ip("192.168.1.1"), ip("255.255.255.0"));
    expect(lan).toEqual({ network: ip("192.168.1.0"), broadcast: ip("192.168.1.255") });
    expect(isHostOf(lan, ip("192.168.1.1"))).toBe(true);
    expect(isHostOf(lan, ip("192.168.1.254"))).toBe(true);
    expect(isHostOf(lan, ip("192.168.1.0"))).toBe(false);
    expect(isHostOf(lan, ip("192.168.1.255"))).toBe(false);
    expect(isHostOf(lan, ip("192.168.2.1"))).toBe(false);
    const small = subnetOf(ip("10.0.0.5"), ip("255.255.255.252"));
    expect(small).toEqual({ network: ip("10.0.0.4"), broadcast: ip("10.0.0.7") });
  });

  it("knows the private blocks of RFC 1918, and only them", () => {
    for (const text of ["10.0.0.1", "10.255.255.254", "172.16.0.1", "172.31.255.1", "192.168.0.1"])
      expect(isPrivateIpv4(ip(text)), text).toBe(true);
    for (const text of ["9.255.255.255", "11.0.0.1", "172.15.0.1", "172.32.0.1", "192.169.0.1", "100.64.0.1", "8.8.8.8"]) {
      expect(isPrivateIpv4(ip(text)), text).toBe(false);
    }
  });
});

describe("IP blocks of either family", () => {
  it("reads IPv4 and IPv6 addresses as numbers and writes IPv6 as RFC 5952 recommends", () => {
    expect(parseIp("203.0.113.8")).toEqual({ family: 4, value: 0xcb007108n });
    expect(formatIp(parseIp("2001:DB8:0:0:1:0:0:1")!)).toBe("2001:db8::1:0:0:1");
    expect(formatIp(parseIp("2001:db8::")!)).toBe("2001:db8::");
    expect(formatIp(parseIp("::1")!)).toBe("::1");
    expect(formatIp({ family: 6, value: 0xffffn << 112n })).toBe("ffff::");
    expect(parseIp("::ffff:192.0.2.1")).toEqual({ family: 6, value: 0xffffc0000201n });
    expect(formatIp({ family: 4, value: 0xcb007108n })).toBe("203.0.113.8");
  });

  it("refuses zone indexes, long groups, odd IPv4 tails and the deprecated IPv4-compatible form", () => {
    for (const text of [
      "fe80::1%eth0",
      "00001::",
      "1::2::3",
      "::ffff:0x1.0.0.1",
      "::ffff:1.2.3",
      "::1.2.3.4",
      "1:2:3:4:5:6:7:8:9",
      " ::1",
      "012.0.0.1",
    ]) {
      expect(parseIp(text), text).toBeNull();
    }
  });
});

describe("MAC addresses", () => {
  it("takes colons, hyphens, Cisco's dotted groups and twelve bare hex digits, in any case", () => {
    for (const text of ["58:24:29:9e:41:c7", "58-24-29-9E-41-C7", "5824.299e.41c7", "5824299E41C7", "  58:24:29:9E:41:C7 "]) {
      expect(normalizeMac(text), text).toBe("58:24:29:9E:41:C7");
    }
  });

  it("refuses mixed separators, wrong groupings and anything but hex", () => {
    for (const text of [
      "AABB:CCDD.EEFF",
      "AA:BB-CC:DD-EE:FF",
      "AA:BB:CC:DD:EEFF",
      "AABBCC-DDEEFF",
      "AA.BB.CC.DD.EE.FF",
      "AABB-CCDD-EEFF",
      "AA:BB:CC:DD:EE",
      "AA:BB:CC:DD:EE:FF:00",
      "AA:BB:CC:DD:EE:FG",
      "AA BB CC DD EE FF",
      "",
    ]) {
      expect(normalizeMac(text), text).toBeNull();
    }
    expect(normalizeMac(null)).toBeNull();
  });

  it("is the function the router forms check with", () => {
    expect(formNormalizeMac).toBe(normalizeMac);
  });
});
