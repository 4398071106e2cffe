import { describe, expect, it } from "vitest";
import { checkDestination, parseAllowlist, type ResolveHost } from "./destination";

/** A resolver from a table, counting calls; unknown names fail like getaddrinfo does. */
function fakeResolver(table: Record<string, readonly string[]>) {
  const calls: string[] = [];
  const resolve: ResolveHost = async (hostname) => {
    calls.push(hostname);
    const addresses = table[hostname];
    if (addresses === undefined) {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    }
    return addresses;
  };
  return { resolve, calls };
}

const PUBLIC_V4 = "93.184.215.14";
const PUBLIC_V6 = "2606:2800:21f:cb07:6820:80da:af6b:8b2c";

describe("checkDestination: public destinations", () => {
  it("accepts a host whose every address is public, returning the address to connect to", async () => {
    const { resolve, calls } = fakeResolver({ "hooks.example.com": [PUBLIC_V4, PUBLIC_V6] });
    expect(await checkDestination("https://hooks.example.com/voyage", [], resolve)).toEqual({
      ok: true,
      address: PUBLIC_V4,
    });
    expect(calls).toEqual(["hooks.example.com"]);
  });

  it("accepts public IP literals without resolving them", async () => {
    const { resolve, calls } = fakeResolver({});
    expect(await checkDestination(`http://${PUBLIC_V4}:8080/x`, [], resolve)).toEqual({
      ok: true,
      address: PUBLIC_V4,
    });
    expect(await checkDestination(`https://[${PUBLIC_V6}]/x`, [], resolve)).toEqual({
      ok: true,
      address: PUBLIC_V6,
    });
    expect(calls).toEqual([]);
  });

  it("accepts the public addresses just outside the refused ranges", async () => {
    for (const address of [
      "9.255.255.255",
      "11.0.0.0",
      "100.63.255.255",
      "100.128.0.0",
      "172.15.255.255",
      "172.32.0.0",
      "192.167.255.255",
      "192.169.0.0",
      "169.253.255.255",
      "223.255.255.255",
      "192.0.1.255",
      "192.0.3.0",
      "192.88.98.255",
      "192.88.100.0",
      "198.17.255.255",
      "198.20.0.0",
      "198.51.99.255",
      "198.51.101.0",
      "203.0.112.255",
      "203.0.114.0",
      "2000::1",
      "2001:200::1",
      "2001:db7:ffff::1",
      "2001:db9::1",
      "2003::1",
      "3ffe:ffff::1",
      "3fff:1000::1",
      "64:ff9b::8.8.8.8",
    ]) {
      const { resolve } = fakeResolver({ "h.example": [address] });
      expect(await checkDestination("https://h.example/", [], resolve), address).toEqual({
        ok: true,
        address,
      });
    }
  });
});

describe("checkDestination: refused address ranges", () => {
  it.each([
    ["IPv4 loopback", "127.0.0.1", /loopback/],
    ["IPv4 loopback, anywhere in 127/8", "127.10.20.30", /loopback/],
    ["RFC 1918 10/8", "10.1.2.3", /private \(RFC 1918\)/],
    ["RFC 1918 172.16/12", "172.31.255.254", /private \(RFC 1918\)/],
    ["RFC 1918 192.168/16", "192.168.0.10", /private \(RFC 1918\)/],
    ["link-local / cloud metadata", "169.254.169.254", /link-local/],
    ["CGNAT (RFC 6598)", "100.64.0.1", /CGNAT \(RFC 6598\)/],
    ["CGNAT upper end", "100.127.255.255", /CGNAT/],
    ["unspecified IPv4", "0.0.0.0", /unspecified/],
    ["IPv4 multicast", "224.0.0.251", /multicast/],
    ["IPv4 limited broadcast", "255.255.255.255", /broadcast/],
    ["IPv4 reserved 240/4", "240.0.0.1", /reserved/],
    ["IPv6 loopback", "::1", /loopback/],
    ["IPv6 unspecified", "::", /unspecified/],
    ["IPv6 unique local (RFC 4193)", "fd12:3456:789a::1", /unique local/],
    ["IPv6 unique local fc00::/7 lower half", "fc00::1", /unique local/],
    ["IPv6 link-local", "fe80::1", /link-local/],
    ["IPv6 link-local with a zone", "fe80::1%eth0", /link-local/],
    ["IPv6 multicast", "ff02::1", /multicast/],
    ["IPv4-mapped loopback", "::ffff:127.0.0.1", /IPv4-mapped/],
    ["IPv4-mapped private, hex form", "::ffff:a00:1", /IPv4-mapped/],
    ["IPv4-mapped metadata", "::ffff:169.254.169.254", /IPv4-mapped/],
    ["IPv4-compatible loopback", "::127.0.0.1", /IPv4-compatible/],
    ["NAT64 of a private address", "64:ff9b::192.168.1.1", /RFC 1918/],
  ])("%s (%s)", async (_label, address, why) => {
    const { resolve } = fakeResolver({ "victim.example": [address] });
    const result = await checkDestination("https://victim.example/hook", [], resolve);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.reason).toMatch(why);
      expect(result.reason).toContain(address);
      expect(result.transient).toBeUndefined();
    }
  });

  // RFC 6890 and the IANA IPv4 and IPv6 Special-Purpose Address Registries: every range that is
  // not globally reachable, and the IPv6 forms that carry an IPv4 address.
  it.each([
    ["IETF protocol assignments 192.0.0/24", "192.0.0.8", /IETF protocol assignments/],
    ["IETF protocol assignments, PCP anycast", "192.0.0.9", /192\.0\.0\.0\/24/],
    ["TEST-NET-1", "192.0.2.1", /documentation \(RFC 5737\)/],
    ["TEST-NET-2", "198.51.100.7", /documentation \(RFC 5737\)/],
    ["TEST-NET-3", "203.0.113.255", /documentation \(RFC 5737\)/],
    ["6to4 relay anycast", "192.88.99.1", /6to4 relay anycast \(RFC 7526\)/],
    ["benchmarking 198.18/15, low end", "198.18.0.1", /benchmarking \(RFC 2544\)/],
    ["benchmarking 198.18/15, high end", "198.19.255.255", /benchmarking/],
    ["IPv4-mapped public address", "::ffff:8.8.8.8", /IPv4-mapped \(RFC 4291\)/],
    ["IPv4-translated (SIIT)", "::ffff:0:7f00:1", /not global unicast|IPv4-translated/],
    ["IPv4-compatible public address", "::8.8.8.8", /IPv4-compatible/],
    ["local-use NAT64 of a private address", "64:ff9b:1::a00:1", /local-use NAT64 \(RFC 8215\)/],
    ["local-use NAT64 of a public address", "64:ff9b:1::808:808", /RFC 8215/],
    ["NAT64 of benchmarking", "64:ff9b::198.18.0.1", /NAT64 \(RFC 6052\) of .*benchmarking/],
    ["NAT64 of loopback, hex form", "64:ff9b::7f00:1", /NAT64.*loopback/],
    ["6to4 of loopback", "2002:7f00:1::1", /6to4 \(RFC 3056/],
    ["6to4 of a public address", "2002:808:808::1", /6to4/],
    ["Teredo", "2001:0:4136:e378:8000:63bf:3fff:fdd2", /IETF protocol assignments.*2001::\/23/],
    ["IETF protocol assignments, benchmarking", "2001:2::1", /2001::\/23/],
    ["IPv6 documentation", "2001:db8::1", /documentation \(RFC 3849\)/],
    ["IPv6 documentation 3fff::/20", "3fff:fff::1", /documentation \(RFC 9637\)/],
    ["discard-only", "100::1", /discard-only \(RFC 6666\)/],
    ["SRv6 SIDs", "5f00::1", /not global unicast|SRv6/],
    ["outside global unicast", "4000::1", /not global unicast/],
    ["outside global unicast, below", "1fff:ffff::1", /not global unicast/],
    ["IPv6 unassigned below fc00::/7", "fbff:ffff::1", /not global unicast/],
  ])("%s (%s)", async (_label, address, why) => {
    const { resolve } = fakeResolver({ "victim.example": [address] });
    const result = await checkDestination("https://victim.example/hook", [], resolve);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.reason).toMatch(why);
      expect(result.reason).toContain(address);
      expect(result.transient).toBeUndefined();
    }
  });

  it("refuses private IP literals in the URL, including WHATWG numeric forms", async () => {
    const { resolve, calls } = fakeResolver({});
    for (const url of [
      "http://127.0.0.1/",
      "http://[::1]:8080/",
      "http://[::ffff:127.0.0.1]/",
      "http://2130706433/",
      "http://0x7f.1/",
      "http://10.0.0.1./",
    ]) {
      const result = await checkDestination(url, [], resolve);
      expect(result.ok, url).toBe(false);
    }
    expect(calls).toEqual([]);
  });

  it("refuses a host with one public and one private address (DNS rebinding)", async () => {
    for (const addresses of [
      [PUBLIC_V4, "10.0.0.7"],
      ["10.0.0.7", PUBLIC_V4],
      [PUBLIC_V6, "::1"],
    ]) {
      const { resolve } = fakeResolver({ "rebind.example": addresses });
      const result = await checkDestination("https://rebind.example/", [], resolve);
      expect(result.ok, addresses.join(" ")).toBe(false);
    }
  });

  it("refuses localhost unless allow-listed", async () => {
    const { resolve } = fakeResolver({ localhost: ["::1", "127.0.0.1"] });
    expect((await checkDestination("http://localhost:3000/", [], resolve)).ok).toBe(false);
    expect(await checkDestination("http://localhost:3000/", ["localhost"], resolve)).toEqual({
      ok: true,
      address: "::1",
    });
  });
});

describe("checkDestination: allowlist", () => {
  it("a host name on the allowlist skips the address checks (case and trailing dot ignored)", async () => {
    const { resolve } = fakeResolver({ "receiver.internal": ["10.20.0.5"] });
    const allow = ["Receiver.Internal."];
    for (const url of ["http://receiver.internal/", "http://RECEIVER.internal./"]) {
      expect(await checkDestination(url, allow, resolve)).toEqual({
        ok: true,
        address: "10.20.0.5",
      });
    }
    expect((await checkDestination("http://other.internal/", allow, resolve)).ok).toBe(false);
  });

  it("a host name entry does not allow other names with the same address", async () => {
    const { resolve } = fakeResolver({ "a.internal": ["10.0.0.1"], "b.internal": ["10.0.0.1"] });
    expect((await checkDestination("http://a.internal/", ["a.internal"], resolve)).ok).toBe(true);
    expect((await checkDestination("http://b.internal/", ["a.internal"], resolve)).ok).toBe(false);
  });

  it("a CIDR admits addresses inside it and nothing else", async () => {
    const { resolve } = fakeResolver({
      in: ["10.20.1.200"],
      edge: ["10.20.1.255"],
      out: ["10.20.2.1"],
      mixed: ["10.20.1.2", "10.99.0.1"],
    });
    const allow = ["10.20.1.0/24"];
    expect((await checkDestination("http://in/", allow, resolve)).ok).toBe(true);
    expect((await checkDestination("http://edge/", allow, resolve)).ok).toBe(true);
    expect((await checkDestination("http://out/", allow, resolve)).ok).toBe(false);
    expect((await checkDestination("http://mixed/", allow, resolve)).ok).toBe(false);
  });

  it("127.0.0.1/32 admits loopback IPv4 (also IPv4-mapped) but not ::1", async () => {
    const { resolve } = fakeResolver({});
    const allow = ["127.0.0.1/32"];
    expect(await checkDestination("http://127.0.0.1:9000/", allow, resolve)).toEqual({
      ok: true,
      address: "127.0.0.1",
    });
    expect((await checkDestination("http://[::ffff:127.0.0.1]/", allow, resolve)).ok).toBe(true);
    expect((await checkDestination("http://127.0.0.2/", allow, resolve)).ok).toBe(false);
    expect((await checkDestination("http://[::1]/", allow, resolve)).ok).toBe(false);
  });

  it("IPv6 CIDRs: ::1/128 and a ULA /48", async () => {
    const { resolve } = fakeResolver({ "ula.internal": ["fd00:abcd:1::5"] });
    expect((await checkDestination("http://[::1]:8080/", ["::1/128"], resolve)).ok).toBe(true);
    expect((await checkDestination("http://ula.internal/", ["fd00:abcd:1::/48"], resolve)).ok).toBe(
      true,
    );
    expect((await checkDestination("http://ula.internal/", ["fd00:abcd:2::/48"], resolve)).ok).toBe(
      false,
    );
  });

  it("a bare IP entry admits that one address", async () => {
    const { resolve } = fakeResolver({});
    expect((await checkDestination("http://192.168.1.10/", ["192.168.1.10"], resolve)).ok).toBe(
      true,
    );
    expect((await checkDestination("http://192.168.1.11/", ["192.168.1.10"], resolve)).ok).toBe(
      false,
    );
  });

  it("an invalid allowlist refuses everything instead of throwing", async () => {
    const { resolve } = fakeResolver({});
    const result = await checkDestination(`http://${PUBLIC_V4}/`, ["10.0.0.0/99"], resolve);
    expect(result).toMatchObject({ ok: false, reason: expect.stringContaining("10.0.0.0/99") });
  });
});

describe("checkDestination: ports", () => {
  it("accepts the web's ports: the scheme's default, 80, 443, 8080 and 8443", async () => {
    const { resolve } = fakeResolver({ "hooks.example.com": [PUBLIC_V4] });
    for (const url of [
      "https://hooks.example.com/",
      "http://hooks.example.com/",
      "https://hooks.example.com:443/",
      "http://hooks.example.com:80/",
      "https://hooks.example.com:8443/",
      "http://hooks.example.com:8080/",
      "http://hooks.example.com:443/",
      `https://[${PUBLIC_V6}]:8443/`,
    ]) {
      expect(await checkDestination(url, [], resolve), url).toMatchObject({ ok: true });
    }
  });

  it.each([
    ["ssh", "https://hooks.example.com:22/"],
    ["smtp", "http://hooks.example.com:25/"],
    ["redis", "http://hooks.example.com:6379/"],
    ["elasticsearch", "http://hooks.example.com:9200/"],
    ["an https URL on port 80's neighbour", "https://hooks.example.com:81/"],
    ["a high port", "https://hooks.example.com:50443/"],
    ["an IP literal", `https://${PUBLIC_V4}:8000/`],
  ])("refuses any other port: %s", async (_label, url) => {
    const { resolve } = fakeResolver({ "hooks.example.com": [PUBLIC_V4] });
    const result = await checkDestination(url, [], resolve);
    expect(result).toMatchObject({
      ok: false,
      rule: "port",
      reason: expect.stringMatching(/^port \d+ is not allowed \(80, 443, 8080 or 8443\)$/),
    });
  });

  it("an allow-listed destination may use any port (local receivers on random ports)", async () => {
    const { resolve } = fakeResolver({
      localhost: ["127.0.0.1"],
      "receiver.internal": ["10.1.2.3"],
      "mixed.internal": ["10.1.2.3", PUBLIC_V4],
    });
    const ok = async (url: string, allow: string[]) =>
      (await checkDestination(url, allow, resolve)).ok;
    expect(await ok("http://127.0.0.1:54321/hooks", ["127.0.0.1/32"])).toBe(true);
    expect(await ok("http://localhost:54321/hooks", ["localhost"])).toBe(true);
    expect(await ok("http://localhost:54321/hooks", ["127.0.0.1"])).toBe(true);
    expect(await ok("http://receiver.internal:9000/", ["10.0.0.0/8"])).toBe(true);
    // Only when every address is allow-listed: a public one among them keeps the port rule.
    expect(
      await checkDestination("http://mixed.internal:9000/", ["10.0.0.0/8"], resolve),
    ).toMatchObject({ ok: false, rule: "port" });
    // The allowlist lifts the port rule, not the others.
    expect(
      await checkDestination(`http://${PUBLIC_V4}:22/`, ["127.0.0.1/32"], resolve),
    ).toMatchObject({ ok: false, rule: "port" });
  });
});

describe("checkDestination: bad URLs", () => {
  it.each([
    ["not a URL", "hooks.example.com/path", /valid absolute URL/],
    ["empty", "", /valid absolute URL/],
    ["ftp", "ftp://hooks.example.com/", /scheme ftp: is not allowed/],
    ["file", "file:///etc/passwd", /scheme file:/],
    ["javascript", "javascript:alert(1)", /scheme javascript:/],
    ["user and password", "https://user:pass@hooks.example.com/", /credentials/],
    ["user only", "https://user@hooks.example.com/", /credentials/],
  ])("%s", async (_label, url, why) => {
    const { resolve, calls } = fakeResolver({ "hooks.example.com": [PUBLIC_V4] });
    const result = await checkDestination(url, [], resolve);
    expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(why) });
    expect(calls).toEqual([]);
  });

  it("a host that does not resolve, or resolves to nothing, is refused as transient", async () => {
    const { resolve } = fakeResolver({ "empty.example": [] });
    expect(await checkDestination("https://nowhere.example/", [], resolve)).toEqual({
      ok: false,
      reason: "host nowhere.example does not resolve (ENOTFOUND)",
      transient: true,
    });
    expect(await checkDestination("https://empty.example/", [], resolve)).toMatchObject({
      ok: false,
      transient: true,
    });
  });

  it("an address the resolver returns that is not an IP is refused", async () => {
    const { resolve } = fakeResolver({ "odd.example": ["not-an-ip"] });
    expect(await checkDestination("https://odd.example/", [], resolve)).toMatchObject({
      ok: false,
      reason: expect.stringContaining("not an IP address"),
    });
  });
});

describe("parseAllowlist", () => {
  it("splits, trims and normalises host names, addresses and CIDRs", () => {
    expect(
      parseAllowlist(" localhost , 127.0.0.1/32,::1/128, Hooks.Example.COM., 10.0.0.5,, FD00::/8 "),
    ).toEqual([
      "localhost",
      "127.0.0.1/32",
      "::1/128",
      "hooks.example.com",
      "10.0.0.5",
      "fd00::/8",
    ]);
    expect(parseAllowlist("")).toEqual([]);
  });

  it.each([
    "10.0.0.0/33",
    "::1/129",
    "10.0.0.0/",
    "10.0.0.0/abc",
    "10.0.0.0/8/8",
    "300.1.1.1/8",
    "http://localhost",
    "host name",
    "-bad.example",
    "bad-.example",
    "a..b",
    "*.example.com",
    "fe80::1%eth0",
    `${"a".repeat(64)}.example`,
  ])("throws naming the bad entry: %s", (entry) => {
    expect(() => parseAllowlist(`localhost, ${entry}`)).toThrow(`"${entry}"`);
  });

  it("its output is accepted by checkDestination", async () => {
    const { resolve } = fakeResolver({});
    const allow = parseAllowlist("127.0.0.1/32");
    expect((await checkDestination("http://127.0.0.1/", allow, resolve)).ok).toBe(true);
  });
});
