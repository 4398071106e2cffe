import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/**
 * Where a webhook may be sent. A subscription URL is chosen by a customer, so without a check
 * the platform would POST wherever it points: its own loopback services, the cloud metadata
 * endpoint (169.254.169.254), the private network behind it (server-side request forgery).
 *
 * Rules: http or https only; no credentials in the URL; the host must resolve, and EVERY address
 * it resolves to must be public. Checking all of them (not just the first) refuses a name that
 * mixes a public and a private address, a DNS-rebinding set-up where the connection could land on
 * either. deliverOnce then connects to the address returned here, so a second lookup cannot
 * substitute another one between check and connect.
 *
 * Ports: only the web's, ALLOWED_PORTS. The address checks keep deliveries off private
 * networks; the port rule keeps them off the non-HTTP services of public hosts (SSH, SMTP, a
 * database left open), where a POST with a body the customer partly chooses could be read as
 * another protocol's commands.
 *
 * The allowlist (for development and for trusted internal receivers) names hosts exactly, or
 * contains addresses as CIDRs; an allow-listed host skips the address checks, an allow-listed
 * address passes them. An allow-listed destination (the host, or every address it resolves to)
 * may use any port: an operator named it, and development receivers listen on random ports.
 */

/** All addresses of a host name (both families); throws when the name does not resolve. */
export type ResolveHost = (hostname: string) => Promise<readonly string[]>;

/**
 * The ports a webhook may be sent to unless allow-listed: HTTP's and HTTPS's own (80, 443,
 * also a URL without a port) and their common alternates 8080 and 8443 (IANA http-alt; the
 * usual HTTPS alternate). A closed list, so that no internal service's port needs to be
 * remembered to be refused.
 */
export const ALLOWED_PORTS: readonly number[] = [80, 443, 8080, 8443];

/**
 * transient: the host did not resolve (now). Nothing about the URL is refused, and DNS failures
 * are often temporary, so a delivery may try again later.
 * rule "port": the port is not one of ALLOWED_PORTS (the API answers 400, a fault in the URL's
 * form, where the other refusals are 422).
 */
export type DestinationCheck =
  | { ok: true; address: string }
  | { ok: false; reason: string; transient?: boolean; rule?: "port" };

/** The operating system's resolver (what a connection would use), every address, as returned. */
export const resolveWithDns: ResolveHost = async (hostname) => {
  const records = await lookup(hostname, { all: true, verbatim: true });
  return records.map((r) => r.address);
};

interface BlockedRange {
  network: string;
  prefix: number;
  family: "ipv4" | "ipv6";
  what: string;
}

/**
 * Ranges no webhook may reach unless allow-listed: every entry of the IANA IPv4 and IPv6
 * Special-Purpose Address Registries (RFC 6890) that is not globally reachable, plus multicast
 * and the reserved IPv4 space. Wholes are refused where the registry makes exceptions inside
 * them (the PCP and TURN anycast addresses in 192.0.0.0/24 and 2001::/23): no receiver lives
 * there. Order matters only for the reason given: the first match is named.
 *
 * IPv6 forms that carry an IPv4 address are refused outright, except NAT64's well-known prefix
 * (below): IPv4-mapped and IPv4-compatible (RFC 4291), local-use NAT64 (RFC 8215: its
 * operator's prefix length decides where the IPv4 address sits), 6to4 (RFC 3056, deprecated
 * by RFC 7526) and Teredo (RFC 4380, in 2001::/23). A DNS answer has no reason to use them, and
 * a connection to one may be translated to any IPv4 address, private ones included.
 */
const BLOCKED_RANGES: readonly BlockedRange[] = [
  { network: "0.0.0.0", prefix: 8, family: "ipv4", what: "unspecified / this network (RFC 791)" },
  { network: "10.0.0.0", prefix: 8, family: "ipv4", what: "private (RFC 1918)" },
  { network: "100.64.0.0", prefix: 10, family: "ipv4", what: "shared / CGNAT (RFC 6598)" },
  { network: "127.0.0.0", prefix: 8, family: "ipv4", what: "loopback (RFC 1122)" },
  { network: "169.254.0.0", prefix: 16, family: "ipv4", what: "link-local (RFC 3927)" },
  { network: "172.16.0.0", prefix: 12, family: "ipv4", what: "private (RFC 1918)" },
  {
    network: "192.0.0.0",
    prefix: 24,
    family: "ipv4",
    what: "IETF protocol assignments (RFC 6890)",
  },
  { network: "192.0.2.0", prefix: 24, family: "ipv4", what: "documentation (RFC 5737)" },
  { network: "192.88.99.0", prefix: 24, family: "ipv4", what: "6to4 relay anycast (RFC 7526)" },
  { network: "192.168.0.0", prefix: 16, family: "ipv4", what: "private (RFC 1918)" },
  { network: "198.18.0.0", prefix: 15, family: "ipv4", what: "benchmarking (RFC 2544)" },
  { network: "198.51.100.0", prefix: 24, family: "ipv4", what: "documentation (RFC 5737)" },
  { network: "203.0.113.0", prefix: 24, family: "ipv4", what: "documentation (RFC 5737)" },
  { network: "224.0.0.0", prefix: 4, family: "ipv4", what: "multicast (RFC 5771)" },
  {
    network: "255.255.255.255",
    prefix: 32,
    family: "ipv4",
    what: "limited broadcast (RFC 919)",
  },
  { network: "240.0.0.0", prefix: 4, family: "ipv4", what: "reserved (RFC 1112)" },
  { network: "::", prefix: 128, family: "ipv6", what: "unspecified (RFC 4291)" },
  { network: "::1", prefix: 128, family: "ipv6", what: "loopback (RFC 4291)" },
  { network: "::ffff:0:0", prefix: 96, family: "ipv6", what: "IPv4-mapped (RFC 4291)" },
  { network: "::", prefix: 96, family: "ipv6", what: "IPv4-compatible, deprecated (RFC 4291)" },
  { network: "64:ff9b:1::", prefix: 48, family: "ipv6", what: "local-use NAT64 (RFC 8215)" },
  { network: "100::", prefix: 64, family: "ipv6", what: "discard-only (RFC 6666)" },
  {
    network: "2001::",
    prefix: 23,
    family: "ipv6",
    what: "IETF protocol assignments, Teredo among them (RFC 2928, RFC 4380)",
  },
  { network: "2001:db8::", prefix: 32, family: "ipv6", what: "documentation (RFC 3849)" },
  { network: "2002::", prefix: 16, family: "ipv6", what: "6to4 (RFC 3056, RFC 7526)" },
  { network: "3fff::", prefix: 20, family: "ipv6", what: "documentation (RFC 9637)" },
  { network: "fc00::", prefix: 7, family: "ipv6", what: "unique local / private (RFC 4193)" },
  { network: "fe80::", prefix: 10, family: "ipv6", what: "link-local (RFC 4291)" },
  { network: "fec0::", prefix: 10, family: "ipv6", what: "site-local, deprecated (RFC 3879)" },
  { network: "ff00::", prefix: 8, family: "ipv6", what: "multicast (RFC 4291)" },
];

/** One BlockList per range, so a match can say which range (and why) it is. */
const blockedRanges = BLOCKED_RANGES.map((range) => {
  const list = new BlockList();
  list.addSubnet(range.network, range.prefix, range.family);
  return { ...range, list };
});

/**
 * NAT64's well-known prefix 64:ff9b::/96 (RFC 6052) is globally reachable: on an IPv6-only
 * network, DNS64 answers every IPv4-only receiver with it. The IPv4 address in its last 32 bits
 * is where the connection ends up, so each blocked IPv4 range is blocked again inside it
 * (a.b.c.d/p as 64:ff9b::a.b.c.d/96+p); BlockList does the matching, no bit arithmetic here.
 */
const NAT64_PREFIX = "64:ff9b::";
const blockedNat64Ranges = blockedRanges
  .filter((range) => range.family === "ipv4")
  .map((range) => {
    const network = `${NAT64_PREFIX}${range.network}`;
    const prefix = 96 + range.prefix;
    const list = new BlockList();
    list.addSubnet(network, prefix, "ipv6");
    return { what: `NAT64 (RFC 6052) of ${range.what}`, network, prefix, list };
  });

/**
 * Outside 2000::/3 nothing is globally reachable: the IANA IPv6 Address Space registry
 * allocates only it for global unicast (RFC 4291 section 2.4); the rest is reserved by the IETF
 * or special (e.g. 5f00::/16 for SRv6 SIDs, RFC 9602). NAT64's well-known prefix is the one
 * exception, checked by its IPv4 address instead.
 */
const globalUnicast = new BlockList();
globalUnicast.addSubnet("2000::", 3, "ipv6");
const nat64WellKnown = new BlockList();
nat64WellKnown.addSubnet(NAT64_PREFIX, 96, "ipv6");

const HOST_LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/;

/**
 * Parses a comma-separated allowlist (WEBHOOK_ALLOWLIST): host names, IP
 * addresses (one address) and CIDRs. Returns the entries normalised (lower case, no trailing
 * dot); throws an Error naming the first bad entry.
 */
export function parseAllowlist(csv: string): string[] {
  return csv
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "")
    .map(normaliseAllowlistEntry);
}

function normaliseAllowlistEntry(entry: string): string {
  const bad = (why: string) => new Error(`webhook allowlist entry "${entry}" is not valid: ${why}`);
  if (entry.includes("/")) {
    const [address = "", prefixText = "", ...rest] = entry.split("/");
    const family = isIP(address);
    if (family === 0 || rest.length > 0 || address.includes("%")) {
      throw bad("a CIDR is <IPv4 or IPv6 address>/<prefix length>");
    }
    const maxPrefix = family === 4 ? 32 : 128;
    if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > maxPrefix) {
      throw bad(`prefix length must be 0 to ${maxPrefix}`);
    }
    return `${address.toLowerCase()}/${Number(prefixText)}`;
  }
  if (isIP(entry) !== 0) {
    if (entry.includes("%")) throw bad("zone identifiers are not allowed");
    return entry.toLowerCase();
  }
  const host = entry.toLowerCase().replace(/\.$/, "");
  if (host.length > 253 || !host.split(".").every((label) => HOST_LABEL.test(label))) {
    throw bad("expected a host name, an IP address or a CIDR such as 127.0.0.1/32");
  }
  return host;
}

interface CompiledAllowlist {
  hosts: ReadonlySet<string>;
  addresses: BlockList;
}

function compileAllowlist(allowlist: readonly string[]): CompiledAllowlist {
  const hosts = new Set<string>();
  const addresses = new BlockList();
  for (const raw of allowlist) {
    const entry = normaliseAllowlistEntry(raw.trim());
    const [address = "", prefix] = entry.split("/");
    const family = isIP(address);
    if (family === 0) {
      hosts.add(entry);
      continue;
    }
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) addresses.addAddress(address, type);
    else addresses.addSubnet(address, Number(prefix), type);
  }
  return { hosts, addresses };
}

/**
 * Whether a webhook may be POSTed to url. On success, `address` is the vetted address to connect
 * to (the first the resolver returned). Never throws: every failure is a reason.
 */
export async function checkDestination(
  url: string,
  allowlist: readonly string[],
  resolve: ResolveHost = resolveWithDns,
): Promise<DestinationCheck> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: "not a valid absolute URL" };
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    return { ok: false, reason: `scheme ${parsed.protocol} is not allowed (http or https only)` };
  }
  if (parsed.username !== "" || parsed.password !== "") {
    return { ok: false, reason: "credentials in the URL are not allowed" };
  }
  const host = hostOf(parsed);
  if (host === "") return { ok: false, reason: "the URL has no host" };

  let allowed: CompiledAllowlist;
  try {
    allowed = compileAllowlist(allowlist);
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }

  let addresses: readonly string[];
  if (isIP(host) !== 0) {
    addresses = [host];
  } else {
    try {
      addresses = await resolve(host);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const why = typeof code === "string" ? ` (${code})` : "";
      return { ok: false, reason: `host ${host} does not resolve${why}`, transient: true };
    }
  }
  const first = addresses[0];
  if (first === undefined) {
    return { ok: false, reason: `host ${host} has no addresses`, transient: true };
  }

  if (allowed.hosts.has(host)) return { ok: true, address: first };

  for (const address of addresses) {
    const refusal = refusalOf(address, allowed.addresses);
    if (refusal !== undefined) {
      return {
        ok: false,
        reason:
          address === host
            ? `address ${address} is ${refusal}`
            : `host ${host} resolves to ${address}, which is ${refusal}`,
      };
    }
  }
  const port = portOf(parsed);
  if (
    !ALLOWED_PORTS.includes(port) &&
    !addresses.every((address) => isAllowListed(address, allowed.addresses))
  ) {
    return {
      ok: false,
      rule: "port",
      reason: `port ${port} is not allowed (${ALLOWED_PORTS.slice(0, -1).join(", ")} or ${ALLOWED_PORTS.at(-1)})`,
    };
  }
  return { ok: true, address: first };
}

/** The port a connection to the URL goes to: its own, or the scheme's default. */
function portOf(url: URL): number {
  if (url.port !== "") return Number(url.port);
  return url.protocol === "https:" ? 443 : 80;
}

/** The URL's host name, lower case, without IPv6 brackets or a trailing dot. */
function hostOf(url: URL): string {
  const host = url.hostname.toLowerCase();
  const unbracketed = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  return unbracketed.replace(/\.$/, "");
}

/** Why an address may not be reached (undefined: it may), given the allow-listed addresses. */
function refusalOf(rawAddress: string, allowed: BlockList): string | undefined {
  const address = withoutZone(rawAddress);
  const family = isIP(address);
  if (family === 0) return "not an IP address";
  if (isAllowListed(address, allowed)) return undefined;
  return blockedRangeOf(address, family === 4 ? "ipv4" : "ipv6");
}

function isAllowListed(rawAddress: string, allowed: BlockList): boolean {
  const address = withoutZone(rawAddress);
  const family = isIP(address);
  // BlockList matches an IPv4-mapped address against IPv4 entries too: allow-listing
  // 127.0.0.1/32 admits ::ffff:127.0.0.1.
  return family !== 0 && allowed.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** Scoped addresses (fe80::1%eth0) are checked without the zone; BlockList ignores them. */
function withoutZone(address: string): string {
  return address.split("%")[0] ?? "";
}

function blockedRangeOf(address: string, type: "ipv4" | "ipv6"): string | undefined {
  // Families are kept apart: BlockList also matches IPv4 addresses against ::ffff:0:0/96 and
  // ::ffff:a.b.c.d against IPv4 entries, and each family has its own reasons.
  const range =
    blockedRanges.find((r) => r.family === type && r.list.check(address, type)) ??
    (type === "ipv6" ? blockedNat64Ranges.find((r) => r.list.check(address, type)) : undefined);
  if (range !== undefined) return `${range.what}, in ${range.network}/${range.prefix}`;
  if (
    type === "ipv6" &&
    !globalUnicast.check(address, type) &&
    !nat64WellKnown.check(address, type)
  ) {
    return "not global unicast (IANA IPv6 address space), outside 2000::/3";
  }
  return undefined;
}
