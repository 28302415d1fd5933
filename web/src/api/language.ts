import { isLocale, type Locale } from '../../../src/shared/i18n/index';
import { api, unwrap } from './client';
import { getSession } from './session';

/**
 * The account's language (issue 40): GET /v1/me answers `language` ("en", "de", "pseudo", or null
 * when never chosen) and PUT /v1/me/language stores it. Both came with the server's part of the
 * issue; until openapi/openapi.d.ts is generated with them, they are read with narrow casts here.
 */
export async function accountLanguage(): Promise<Locale | null> {
  const me = (await unwrap(api.GET('/v1/me'))) as { language?: unknown };
  return isLocale(me.language) ? me.language : null;
}

/** Stores `language` on the logged-in account (nothing when logged out). */
export async function saveAccountLanguage(language: Locale | null): Promise<void> {
  const session = getSession();
  if (!session) return;
  const response = await fetch('/v1/me/language', {
    method: 'PUT',
    headers: { Authorization: `Bearer ${session.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ language }),
  });
  if (!response.ok) throw new Error(`PUT /v1/me/language answered ${response.status}`);
}
