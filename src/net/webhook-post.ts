import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPublicAddress } from './public-address.js';

/**
 * POSTs a webhook body, guarded against server-side request forgery: the host is resolved, every
 * address checked (no private, loopback or link-local targets unless `allowPrivate`), and the
 * connection is made to the address that was checked, so a DNS answer that changes between the
 * check and the connection (rebinding) cannot redirect it. Redirects are not followed.
 */
export class UnsafeTargetError extends Error {}

export async function resolveSafely(url: URL, allowPrivate: boolean): Promise<{ address: string; family: number }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UnsafeTargetError('only http and https URLs are allowed');
  if (url.username || url.password) throw new UnsafeTargetError('URLs with credentials are not allowed');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    throw new UnsafeTargetError(`the host ${host} does not resolve`);
  }
  if (addresses.length === 0) throw new UnsafeTargetError(`the host ${host} does not resolve`);
  if (!allowPrivate) {
    const inside = addresses.find((entry) => !isPublicAddress(entry.address));
    if (inside) throw new UnsafeTargetError(`${host} resolves to ${inside.address}, a private, loopback or link-local address`);
  }
  return addresses[0]!;
}

export interface PostResult {
  status: number;
}

export async function postWebhook(url: string, body: string | Buffer, headers: Record<string, string>, options: { allowPrivate: boolean; timeoutMs: number }): Promise<PostResult> {
  const target = new URL(url);
  const pinned = await resolveSafely(target, options.allowPrivate);
  const pinnedLookup: LookupFunction = (_host, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers }, lookup: pinnedLookup, timeout: options.timeoutMs },
      (response) => {
        response.resume(); // the body is not needed; drain it so the socket is freed
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}
