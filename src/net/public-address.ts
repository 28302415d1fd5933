import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Whether a webhook may reach this address (unless the operator allows private targets). Only
 * ordinary global unicast passes: ipaddr.js names the IANA special-purpose ranges (IPv4 and IPv6
 * Special-Purpose Address Registries: loopback, private, link-local with cloud metadata at
 * 169.254.169.254, carrier-grade NAT, documentation, benchmarking, 6to4, Teredo, ORCHID, AS112,
 * AMT, discard, multicast…), and anything it names is refused. What it lacks is added below.
 *
 * Addresses that carry an IPv4 address inside an IPv6 one are judged as follows:
 * - IPv4-mapped (::ffff:a.b.c.d) and the NAT64 well-known prefix (64:ff9b::a.b.c.d, RFC 6052) are
 *   how IPv6-only hosts reach IPv4: judged as the IPv4 address they carry;
 * - 6to4 (2002::/16), Teredo (2001::/32), IPv4-compatible (::a.b.c.d), SIIT (::ffff:0:a.b.c.d) and
 *   local-use NAT64 (64:ff9b:1::/48) are refused outright: no receiver needs them, and each can
 *   tunnel to a private IPv4 address (2002:7f00:1:: is 127.0.0.1).
 */
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');

/**
 * IANA IPv6 Address Space registry: only 2000::/3 is allocated as global unicast. Everything
 * else not named by ipaddr.js (e.g. ::a.b.c.d, the deprecated IPv4-compatible form of RFC 4291
 * §2.5.5.1, in 0000::/8 "Reserved by IETF") is not a valid destination.
 */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * ipaddr.js reads any dotted tail as IPv4-mapped (it takes ::127.0.0.1 for ::ffff:127.0.0.1), so
 * IPv6 text is first written out in hex by the WHATWG URL parser (::127.0.0.1 → ::7f00:1).
 * Zone ids (fe80::1%eth0) do not parse there and are refused: they only occur on link-local.
 */
function canonicalIPv6(address: string): string | null {
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return ipaddr.IPv4.parse(address).range() === 'unicast';
  const canonical = family === 6 ? canonicalIPv6(address) : null;
  if (canonical === null) return false;
  const v6 = ipaddr.IPv6.parse(canonical);
  if (v6.isIPv4MappedAddress()) return isPublicAddress(v6.toIPv4Address().toString());
  if (v6.match(NAT64_WELL_KNOWN)) return isPublicAddress(ipaddr.fromByteArray(v6.toByteArray().slice(12)).toString());
  return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST_V6);
}
