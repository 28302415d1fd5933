import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../src/net/public-address.js';
import { signDelivery } from '../../src/services/webhooks.js';

/** No database needed: the SSRF address list and the delivery signature, checked against outside references. */
describe('the webhook SSRF guard', () => {
  // One address in each IANA special-purpose range (IPv4 and IPv6 registries), and the embedded-IPv4 forms.
  const refused = {
    'this network 0/8': '0.1.2.3', 'private 10/8': '10.1.2.3', 'shared 100.64/10': '100.127.255.254', 'loopback': '127.0.0.1',
    'link local / cloud metadata': '169.254.169.254', 'private 172.16/12': '172.31.0.1', 'IETF protocol 192.0.0/24': '192.0.0.9',
    'TEST-NET-1': '192.0.2.1', 'AS112 192.31.196/24': '192.31.196.1', 'AMT 192.52.193/24': '192.52.193.1', '6to4 relay 192.88.99/24': '192.88.99.1',
    'private 192.168/16': '192.168.1.1', 'AS112 192.175.48/24': '192.175.48.1', 'benchmarking 198.18/15': '198.19.0.1',
    'TEST-NET-2': '198.51.100.7', 'TEST-NET-3': '203.0.113.7', 'multicast': '224.0.0.1', 'reserved 240/4': '250.1.2.3', 'broadcast': '255.255.255.255',
    'unspecified ::': '::', 'loopback ::1': '::1', 'IPv4-compatible of loopback': '::127.0.0.1', 'IPv4-compatible of a public address': '::8.8.8.8',
    'mapped loopback': '::ffff:127.0.0.1', 'mapped metadata': '::ffff:169.254.169.254', 'SIIT ::ffff:0:0/96': '::ffff:0:808:808',
    'NAT64 of loopback': '64:ff9b::7f00:1', 'NAT64 of private': '64:ff9b::a00:1', 'local-use NAT64 64:ff9b:1::/48': '64:ff9b:1::808:808',
    'discard 100::/64': '100::1', 'Teredo 2001::/32': '2001::1', 'Teredo of a public server': '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    'IETF protocol 2001::/23': '2001:1::1', 'benchmarking 2001:2::/48': '2001:2::1', 'AMT 2001:3::/32': '2001:3::1', 'AS112-v6 2001:4:112::/48': '2001:4:112::1',
    'ORCHIDv2 2001:20::/28': '2001:20::1', 'drone remote id 2001:30::/28': '2001:30::1', 'documentation 2001:db8::/32': '2001:db8::1',
    '6to4 of 127.0.0.1': '2002:7f00:1::', '6to4 of a public address': '2002:808:808::1', 'AS112 2620:4f:8000::/48': '2620:4f:8000::1',
    'documentation 3fff::/20': '3fff::1', 'segment routing 5f00::/16': '5f00::1', 'unique local fc00::/7': 'fd12:3456::1',
    'link local fe80::/10': 'fe80::1', 'link local with zone': 'fe80::1%eth0', 'site local fec0::/10': 'fec0::1', 'multicast ff00::/8': 'ff02::1',
    'unallocated outside 2000::/3': '4000::1', 'not an address': 'example.com',
  };
  it.each(Object.entries(refused))('refuses %s (%s)', (_name, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  const allowed = { 'IPv4': '93.184.216.34', 'Google DNS': '8.8.8.8', 'Cloudflare IPv6': '2606:4700:4700::1111', 'Google IPv6': '2001:4860:4860::8888', 'mapped public': '::ffff:8.8.8.8', 'NAT64 of public (DNS64 networks)': '64:ff9b::808:808' };
  it.each(Object.entries(allowed))('allows %s (%s)', (_name, address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('the Standard Webhooks signature', () => {
  const body = JSON.stringify({ id: 'msg_1', event: 'your_turn' });
  const now = Math.floor(Date.now() / 1000);
  it.each([
    ['a new whsec_ secret', `whsec_${randomBytes(32).toString('base64')}`],
    ['a secret issued before (64 hex characters)', randomBytes(32).toString('hex')],
  ])('verifies with the standardwebhooks library for %s', (_name, secret) => {
    const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': String(now), 'webhook-signature': signDelivery(secret, 'msg_1', now, body) };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-timestamp': String(now - 3600) })).toThrow();
  });
});
