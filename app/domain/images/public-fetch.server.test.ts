import { describe, expect, it } from "vitest";
import { fetchFromPublicAddress, isPublicAddress } from "./public-fetch.server";

describe("isPublicAddress", () => {
  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "200.160.2.3",
    "2606:4700:4700::1111",
    "2001:4860:4860::8888",
    "::ffff:8.8.8.8",
  ])("takes the public address %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["10.1.2.3", "private 10/8"],
    ["172.16.0.1", "private 172.16/12"],
    ["172.31.255.254", "private 172.16/12"],
    ["192.168.0.1", "private 192.168/16"],
    ["169.254.169.254", "link-local: the cloud's metadata service"],
    ["100.64.0.1", "shared address space (CGNAT)"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "this network 0/8"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["192.0.2.1", "documentation"],
    ["198.18.0.1", "benchmarking"],
    ["240.0.0.1", "reserved"],
    ["::1", "IPv6 loopback"],
    ["::", "IPv6 unspecified"],
    ["fc00::1", "unique local"],
    ["fd12:3456::1", "unique local"],
    ["fe80::1", "IPv6 link-local"],
    ["fe80::1%eth0", "IPv6 link-local with a zone"],
    ["ff02::1", "IPv6 multicast"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:10.0.0.1", "IPv4-mapped private"],
    ["::ffff:169.254.169.254", "IPv4-mapped metadata service"],
    ["64:ff9b::a00:1", "NAT64 (reaches IPv4 through a gateway)"],
    ["2002:a00:1::1", "6to4"],
    ["2001:db8::1", "IPv6 documentation"],
    ["not an address", "not an address at all"],
  ])("refuses %s (%s)", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe("fetchFromPublicAddress", () => {
  it.each([
    "http://169.254.169.254/latest/meta-data/",
    "http://10.0.0.1/",
    "http://192.168.0.1/",
    "http://[fd00::1]/",
    "http://100.64.0.1/",
    "http://localhost/",
  ])("refuses %s before connecting, whether or not anything listens there", async (url) => {
    await expect(
      fetchFromPublicAddress(url, { signal: AbortSignal.timeout(5_000), headers: {} }),
    ).rejects.toMatchObject({ cause: { name: "NonPublicAddressError" } });
  });

  it("fetches nothing that is not http(s)", async () => {
    await expect(
      fetchFromPublicAddress("file:///etc/passwd", { signal: AbortSignal.timeout(5_000), headers: {} }),
    ).resolves.toBeNull();
  });
});
