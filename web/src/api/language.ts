import { isLocale, type Locale } from '../../../src/shared/i18n/index';
import { api, unwrap } from './client';
import { getSession } from './session';

/** The account's language (issue 40): GET /v1/me answers `language` (null: never chosen); PUT /v1/me/language stores it. */
export async function accountLanguage(): Promise<Locale | null> {
  const me = await unwrap(api.GET('/v1/me'));
  return isLocale(me.language) ? me.language : null;
}

/** Stores `language` on the logged-in account (nothing when logged out). */
export async function saveAccountLanguage(language: Locale | null): Promise<void> {
  if (!getSession()) return;
  await unwrap(api.PUT('/v1/me/language', { body: { language } }));
}
