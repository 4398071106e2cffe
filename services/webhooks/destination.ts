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
 * The allowlist (for development and for trusted internal receivers) names hosts exactly, or
 * contains addresses as CIDRs; an allow-listed host skips the address checks, an allow-listed
 * address passes them.
 */

/** All addresses of a host name (both families); throws when the name does not resolve. */
export type ResolveHost = (hostname: string) => Promise<readonly string[]>;

/**
 * transient: the host did not resolve (now). Nothing about the URL is refused, and DNS failures
 * are often temporary, so a delivery may try again later.
 */
export type DestinationCheck =
  | { ok: true; address: string }
  | { ok: false; reason: string; transient?: boolean };

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

/** Ranges no webhook may reach unless allow-listed. */
const BLOCKED_RANGES: readonly BlockedRange[] = [
  { network: "0.0.0.0", prefix: 8, family: "ipv4", what: "unspecified / this network (RFC 1122)" },
  { network: "10.0.0.0", prefix: 8, family: "ipv4", what: "private (RFC 1918)" },
  { network: "100.64.0.0", prefix: 10, family: "ipv4", what: "shared / CGNAT (RFC 6598)" },
  { network: "127.0.0.0", prefix: 8, family: "ipv4", what: "loopback (RFC 1122)" },
  { network: "169.254.0.0", prefix: 16, family: "ipv4", what: "link-local (RFC 3927)" },
  { network: "172.16.0.0", prefix: 12, family: "ipv4", what: "private (RFC 1918)" },
  { network: "192.168.0.0", prefix: 16, family: "ipv4", what: "private (RFC 1918)" },
  { network: "224.0.0.0", prefix: 4, family: "ipv4", what: "multicast (RFC 5771)" },
  { network: "240.0.0.0", prefix: 4, family: "ipv4", what: "reserved / broadcast (RFC 1112)" },
  { network: "::", prefix: 128, family: "ipv6", what: "unspecified (RFC 4291)" },
  { network: "::1", prefix: 128, family: "ipv6", what: "loopback (RFC 4291)" },
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
 * IPv6 prefixes whose last 32 bits are an IPv4 address that a connection may actually reach:
 * IPv4-mapped ::ffff:0:0/96 and IPv4-compatible ::/96 (RFC 4291), and the NAT64 well-known
 * prefix 64:ff9b::/96 (RFC 6052). The embedded address is checked as IPv4.
 */
const EMBEDDING_PREFIXES: readonly (readonly number[])[] = [
  [0, 0, 0, 0, 0, 0xffff],
  [0, 0, 0, 0, 0, 0],
  [0x64, 0xff9b, 0, 0, 0, 0],
];

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
  return { ok: true, address: first };
}

/** The URL's host name, lower case, without IPv6 brackets or a trailing dot. */
function hostOf(url: URL): string {
  const host = url.hostname.toLowerCase();
  const unbracketed = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  return unbracketed.replace(/\.$/, "");
}

/** Why an address may not be reached (undefined: it may), given the allow-listed addresses. */
function refusalOf(rawAddress: string, allowed: BlockList): string | undefined {
  // Scoped addresses (fe80::1%eth0) are checked without the zone; BlockList ignores them.
  const address = rawAddress.split("%")[0] ?? "";
  const family = isIP(address);
  if (family === 0) return "not an IP address";
  const type = family === 4 ? "ipv4" : "ipv6";
  const embedded = family === 6 ? embeddedIPv4(address) : undefined;

  if (allowed.check(address, type)) return undefined;
  if (embedded !== undefined && allowed.check(embedded, "ipv4")) return undefined;

  const own = blockedRangeOf(address, type);
  if (own !== undefined) return own;
  if (embedded !== undefined) {
    const inner = blockedRangeOf(embedded, "ipv4");
    if (inner !== undefined) return `${inner}, embedded as ${embedded}`;
  }
  return undefined;
}

function blockedRangeOf(address: string, type: "ipv4" | "ipv6"): string | undefined {
  // Families are kept apart: BlockList also matches ::ffff:a.b.c.d against IPv4 rules, and the
  // embedded address is reported separately, with its own range.
  const range = blockedRanges.find((r) => r.family === type && r.list.check(address, type));
  return range && `${range.what}, in ${range.network}/${range.prefix}`;
}

/** The IPv4 address in the last 32 bits of an IPv6 address with an embedding prefix. */
function embeddedIPv4(address: string): string | undefined {
  const groups = ipv6Groups(address);
  if (groups === undefined) return undefined;
  const head = groups.slice(0, 6);
  if (!EMBEDDING_PREFIXES.some((prefix) => prefix.every((g, i) => head[i] === g))) {
    return undefined;
  }
  const hi = groups[6] ?? 0;
  const lo = groups[7] ?? 0;
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join(".");
}

/** The eight 16-bit groups of a valid IPv6 address (RFC 4291 section 2.2 text forms). */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((g) => parseInt(g, 16)));
  const left = parse(halves[0] ?? "");
  const right = halves.length === 2 ? parse(halves[1] ?? "") : [];
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return undefined;
  const groups = [
    ...left,
    ...new Array<number>(halves.length === 2 ? missing : 0).fill(0),
    ...right,
  ];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : undefined;
}
