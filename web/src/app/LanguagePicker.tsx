import { useEffect } from 'preact/hooks';
import { LANGUAGE_NAMES, type Locale } from '../../../src/shared/i18n/index';
import { accountLanguage, saveAccountLanguage } from '../api/language';
import { useSession } from '../api/hooks';
import { LANGUAGE_STORAGE_KEY, locale, saveLanguage, t } from '../i18n';

/** Where this browser notes the login whose account language it has followed (once per login). */
const FOLLOWED_KEY = 'language.followed-login';

/**
 * The language picker of the header: one button per language, each name in its own language (as
 * Wikipedia and lichess list them), the current one pressed. Buttons rather than a select: moving
 * through a select's options with the keyboard would reload the page at the first arrow key.
 * Picking stores the choice on this browser and, logged in, on the account; then the page reloads.
 */
export function LanguagePicker() {
  const session = useSession();
  const choices = Object.entries(LANGUAGE_NAMES) as [Locale, string][];
  return (
    <div class="language-picker" role="group" aria-label={t('common.language')} data-testid="language-picker">
      {choices.map(([code, name]) => (
        <button
          key={code}
          type="button"
          class="btn btn-link"
          lang={code}
          aria-pressed={code === locale}
          onClick={() => void saveLanguage(code, session ? saveAccountLanguage : undefined)}
        >
          {name}
        </button>
      ))}
    </div>
  );
}

/**
 * After a login the page follows the account's language (GET /v1/me `language`) when it differs
 * from the page's: stored and reloaded, once per login, so a person's choice reaches every browser
 * they log in on. A `?lang=` in the address is this page's explicit choice and wins.
 */
export function useAccountLanguage(): void {
  const session = useSession();
  useEffect(() => {
    if (!session) return;
    const login = session.token.slice(-24);
    try {
      if (localStorage.getItem(FOLLOWED_KEY) === login) return;
    } catch {
      return;
    }
    const followed = () => {
      try {
        localStorage.setItem(FOLLOWED_KEY, login);
      } catch {
        // nothing kept: checked again on the next page
      }
    };
    if (new URLSearchParams(location.search).has('lang')) return followed();
    let live = true;
    accountLanguage().then(
      (language) => {
        if (!live) return;
        followed();
        if (language === null || language === locale) return;
        try {
          localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
        } catch {
          return; // without storage the reload would come back in this language: stay
        }
        location.reload();
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [session?.token]);
}
