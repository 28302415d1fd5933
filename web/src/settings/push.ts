import { api, ApiError, unwrap } from '../api/client';
import { t } from '../i18n';

/**
 * Browser push for "notify me": the service worker (web/public/sw.js, served at /sw.js) and the
 * browser's PushManager, tied to the server's subscriptions (/v1/push/key, /v1/me/push-subscriptions).
 * Every failure is a PushProblem whose message is a sentence for the player.
 */
export class PushProblem extends Error {}

export const WORKER_URL = '/sw.js';

/** Why this browser cannot take push notifications at all, or null when it can. */
export function pushUnsupported(): string | null {
  if (!window.isSecureContext) return t('account.push.insecure');
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return t('account.push.unsupported');
  }
  return null;
}

/** The server's VAPID public key, or null when the server sends no pushes (409 PUSH_DISABLED). */
export async function serverPushKey(): Promise<string | null> {
  try {
    return (await unwrap(api.GET('/v1/push/key'))).publicKey;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'PUSH_DISABLED') return null;
    throw error;
  }
}

/** Registers the service worker (again: a no-op when it is current) and waits until it is active. */
export async function registerWorker(): Promise<ServiceWorkerRegistration> {
  try {
    await navigator.serviceWorker.register(WORKER_URL, { scope: '/' });
    return await navigator.serviceWorker.ready;
  } catch (error) {
    throw new PushProblem(t('account.push.workerFailed', { detail: (error as Error).message }));
  }
}

const fromBase64Url = (text: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
};
const sameBytes = (a: ArrayBuffer | null, b: Uint8Array<ArrayBuffer>) => a !== null && a.byteLength === b.length && new Uint8Array(a).every((byte, i) => byte === b[i]);

/** The server writes endpoints as URL strings (new URL(endpoint).toString()); compare them the same way. */
export const sameEndpoint = (a: string, b: string) => {
  try {
    return new URL(a).toString() === new URL(b).toString();
  } catch {
    return a === b;
  }
};

/** Asks for the permission to notify (only when not yet given); a refusal is a PushProblem in words. */
async function notificationPermission(): Promise<void> {
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission === 'granted') return;
  if (permission === 'denied') {
    throw new PushProblem(t('account.push.blocked'));
  }
  throw new PushProblem(t('account.push.notAllowed'));
}

/**
 * Subscribes this browser with the server's key: the permission, the worker, PushManager.subscribe
 * (a subscription made with an older key is replaced). Answers the subscription's JSON for the server.
 */
export async function subscribeBrowser(publicKey: string): Promise<PushSubscriptionJSON> {
  await notificationPermission();
  const registration = await registerWorker();
  const key = fromBase64Url(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameBytes(existing.options.applicationServerKey, key)) return existing.toJSON();
  await existing?.unsubscribe();
  try {
    return (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })).toJSON();
  } catch (error) {
    const { name, message } = error as DOMException;
    if (name === 'NotAllowedError') throw new PushProblem(t('account.push.refused'));
    throw new PushProblem(t('account.push.subscribeFailed', { detail: `${name}: ${message}` }));
  }
}

/** This browser's current push subscription, if its worker is registered and subscribed. */
export async function browserSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}
