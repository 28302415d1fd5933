import { useEffect, useId, useState } from 'preact/hooks';
import { api, ApiError, unwrap } from '../api/client';
import { useApi, useMutation } from '../api/hooks';
import type { components } from '../api/openapi';
import { Button } from '../ui/Button';
import { ErrorBox, Field, Notice, SelectField } from '../ui/forms';
import { t, tr } from '../i18n';
import { browserSubscription, pushUnsupported, PushProblem, registerWorker, sameEndpoint, serverPushKey, subscribeBrowser } from './push';

type Preferences = components['schemas']['NotificationPreferences'];
type EmailMode = Preferences['emailMode'];
type ServerSubscription = { id: string; endpoint: string; createdAt: string };

/**
 * "Notify me" (/settings/notifications): the account's e-mail address and its verification, how
 * often mail comes (never, each turn, a digest), and push notifications in this browser. Everything
 * goes through the public REST routes; push through the service worker (settings/push.ts).
 */
export function NotificationsPage() {
  return (
    <section class="settings">
      <h1>{t('account.notifications.title')}</h1>
      <p class="muted">{t('account.notifications.intro')}</p>
      <EmailSettings />
      <PushSettings />
    </section>
  );
}

const MODES: { value: EmailMode; label: string }[] = [
  { value: 'never', label: t('account.email.mode.never') },
  { value: 'each_turn', label: t('account.email.mode.each_turn') },
  { value: 'digest', label: t('account.email.mode.digest') },
];

/** This browser's time zone, offered first when the account has none (mails are in UTC until one is saved). */
const browserZone = (): string | null => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? null;
  } catch {
    return null;
  }
};

/** The zones to choose from: "UTC (not set)", then every IANA zone this browser knows (the server checks the name again). */
function zoneOptions(current: string | null): { value: string; label: string }[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = [...new Set([...(current ? [current] : []), ...zones])].sort();
  return [{ value: '', label: t('account.email.zone.none') }, ...all.map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }))];
}

function EmailSettings() {
  const loaded = useApi(() => unwrap(api.GET('/v1/me/notifications')), []);
  const [prefs, setPrefs] = useState<Preferences | undefined>(undefined);
  const [address, setAddress] = useState('');
  const [mode, setMode] = useState<EmailMode>('each_turn');
  const [hours, setHours] = useState('24');
  const [zone, setZone] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const legendId = useId();
  const show = (next: Preferences) => {
    setPrefs(next);
    setAddress(next.email ?? '');
    setMode(next.emailMode);
    setHours(String(next.digestHours));
    setZone(next.timeZone ?? browserZone() ?? '');
  };
  useEffect(() => {
    if (loaded.data) show(loaded.data);
  }, [loaded.data]);

  const saveAddress = useMutation((email: string | null) => unwrap(api.PUT('/v1/me/email', { body: { email } })));
  const savePrefs = useMutation(() => unwrap(api.PUT('/v1/me/notifications', { body: { emailMode: mode, timeZone: zone || null, ...(mode === 'digest' ? { digestHours: Number(hours) } : {}) } })));
  const run = async (call: () => Promise<Preferences | undefined>, message: (next: Preferences) => string) => {
    setSaved(null);
    const next = await call();
    if (next) {
      show(next);
      setSaved(message(next));
    }
  };

  return (
    <section aria-labelledby="email-heading" class="panel">
      <h2 id="email-heading">{t('account.email.heading')}</h2>
      <ErrorBox error={loaded.error} />
      {prefs && !prefs.emailAvailable && <Notice>{t('account.email.noRelay')}</Notice>}
      {prefs?.emailAvailable && (
        <>
          <p data-testid="email-status">
            {!prefs.email
              ? t('account.email.status.none')
              : prefs.emailVerified
                ? t('account.email.status.verified', { email: prefs.email })
                : t('account.email.status.unverified', { email: prefs.email })}
          </p>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void run(() => saveAddress.run(address.trim() || null), (next) => (next.email ? t('account.email.saved', { email: next.email }) : t('account.email.removed')));
            }}
          >
            <Field label={t('account.email.address')} type="email" autocomplete="email" value={address} maxLength={254} onInput={(event) => setAddress(event.currentTarget.value)} hint={t('account.email.addressHint')} />
            <div class="row">
              <Button type="submit" variant="primary" busy={saveAddress.running}>{t('account.email.save')}</Button>
              {prefs.email && !prefs.emailVerified && (
                <Button busy={saveAddress.running} onClick={() => void run(() => saveAddress.run(prefs.email), () => t('account.email.resent', { email: prefs.email }))}>{t('account.email.resend')}</Button>
              )}
              {prefs.email && <Button busy={saveAddress.running} onClick={() => void run(() => saveAddress.run(null), () => t('account.email.removed'))}>{t('account.email.remove')}</Button>}
            </div>
          </form>
          <ErrorBox error={saveAddress.error} />
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void run(() => savePrefs.run(), () => t('account.email.prefsSaved'));
            }}
          >
            <fieldset class="choices" aria-describedby={`${legendId}-hint`}>
              <legend>{t('account.email.when')}</legend>
              {MODES.map((entry) => (
                <label key={entry.value} class="choice">
                  <input type="radio" name="emailMode" value={entry.value} checked={mode === entry.value} onChange={() => setMode(entry.value)} />
                  {entry.label}
                </label>
              ))}
              <small id={`${legendId}-hint`} class="muted">{t('account.email.verifiedOnly')}</small>
            </fieldset>
            {mode === 'digest' && <Field label={t('account.email.digestHours')} type="number" min={1} max={168} step={1} required value={hours} onInput={(event) => setHours(event.currentTarget.value)} hint={t('account.email.digestHoursHint', { min: 1, max: 168 })} />}
            <SelectField
              label={t('account.email.zone')}
              name="timeZone"
              value={zone}
              onChange={(event) => setZone(event.currentTarget.value)}
              options={zoneOptions(zone || null)}
              hint={prefs.timeZone ? t('account.email.zoneSaved') : t('account.email.zoneUnsaved')}
            />
            <Button type="submit" variant="primary" busy={savePrefs.running}>{t('account.email.savePrefs')}</Button>
          </form>
          <ErrorBox error={savePrefs.error} />
        </>
      )}
      {saved && <Notice tone="ok">{saved}</Notice>}
    </section>
  );
}

type PushState =
  | { status: 'checking' }
  /** This browser or this server cannot push: the reason in words. */
  | { status: 'unavailable'; reason: string }
  | { status: 'off'; key: string }
  | { status: 'on'; key: string; id: string; endpoint: string };

const hostOf = (endpoint: string) => {
  try {
    return new URL(endpoint).host;
  } catch {
    return endpoint;
  }
};

function PushSettings() {
  const [state, setState] = useState<PushState>({ status: 'checking' });
  const [subscriptions, setSubscriptions] = useState<ServerSubscription[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<ApiError | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  /** Where things stand: can this browser push, does the server, is this browser's subscription stored. */
  const check = async () => {
    const unsupported = pushUnsupported();
    if (unsupported) return setState({ status: 'unavailable', reason: unsupported });
    const key = await serverPushKey();
    if (!key) return setState({ status: 'unavailable', reason: t('account.push.noServer') });
    await registerWorker();
    const [mine, stored] = await Promise.all([browserSubscription(), unwrap(api.GET('/v1/me/push-subscriptions'))]);
    setSubscriptions(stored);
    const match = mine && stored.find((entry) => sameEndpoint(entry.endpoint, mine.endpoint));
    setState(match ? { status: 'on', key, id: match.id, endpoint: match.endpoint } : { status: 'off', key });
  };
  /** Runs a step, showing a PushProblem as words and an API refusal as the problem it is. */
  const attempt = async (step: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    setFailure(undefined);
    setDone(null);
    try {
      await step();
    } catch (error) {
      if (error instanceof PushProblem) setProblem(error.message);
      else if (error instanceof ApiError) setFailure(error);
      else setProblem(t('account.push.wrong', { detail: String((error as Error)?.message ?? error) }));
    } finally {
      setBusy(false);
    }
  };
  useEffect(() => {
    void attempt(async () => {
      try {
        await check();
      } catch (error) {
        // The reason is shown below the status (a worker that would not start, the API unreachable).
        setState({ status: 'unavailable', reason: t('account.push.unknown') });
        throw error;
      }
    });
  }, []);

  const turnOn = (key: string) => attempt(async () => {
    const subscription = await subscribeBrowser(key);
    const keys = subscription.keys ?? {};
    if (!subscription.endpoint || !keys.p256dh || !keys.auth) throw new PushProblem(t('account.push.badSubscription'));
    const stored = await unwrap(api.POST('/v1/me/push-subscriptions', { body: { endpoint: subscription.endpoint, expirationTime: subscription.expirationTime ?? null, keys: { p256dh: keys.p256dh, auth: keys.auth } } }));
    setSubscriptions(await unwrap(api.GET('/v1/me/push-subscriptions')));
    setState({ status: 'on', key, id: stored.id, endpoint: stored.endpoint });
    setDone(t('account.push.turnedOn'));
  });
  const turnOff = (key: string, id: string) => attempt(async () => {
    await remove(id);
    await (await browserSubscription())?.unsubscribe();
    setState({ status: 'off', key });
    setDone(t('account.push.turnedOff'));
  });
  const remove = async (id: string) => {
    try {
      await unwrap(api.DELETE('/v1/me/push-subscriptions/{id}', { params: { path: { id } } }));
    } catch (error) {
      // Already gone (removed elsewhere, or by the push service): the same outcome.
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
    setSubscriptions((list) => list.filter((entry) => entry.id !== id));
  };
  const others = subscriptions.filter((entry) => state.status !== 'on' || entry.id !== state.id);

  return (
    <section aria-labelledby="push-heading" class="panel">
      <h2 id="push-heading">{t('account.push.heading')}</h2>
      <p data-testid="push-status" role="status">
        {state.status === 'checking' && t('account.push.status.checking')}
        {state.status === 'unavailable' && state.reason}
        {state.status === 'off' && t('account.push.status.off')}
        {state.status === 'on' && t('account.push.status.on')}
      </p>
      {state.status === 'off' && <Button variant="primary" busy={busy} onClick={() => void turnOn(state.key)}>{t('account.push.turnOn')}</Button>}
      {state.status === 'on' && <Button busy={busy} onClick={() => void turnOff(state.key, state.id)}>{t('account.push.turnOff')}</Button>}
      {problem && <div class="error" role="alert" data-testid="push-problem">{problem}</div>}
      <ErrorBox error={failure} />
      {done && <Notice tone="ok">{done}</Notice>}
      {others.length > 0 && (
        <>
          <h3>{t('account.push.others')}</h3>
          <ul class="plain" data-testid="other-browsers">
            {others.map((entry) => (
              <li key={entry.id} class="row">
                <span>{t('account.push.other', { host: hostOf(entry.endpoint), date: tr.date(entry.createdAt, { dateStyle: 'medium' }) })}</span>
                <Button busy={busy} onClick={() => void attempt(() => remove(entry.id))} aria-label={t('account.push.stopOther', { host: hostOf(entry.endpoint), date: tr.date(entry.createdAt, { dateStyle: 'medium' }) })}>{t('account.push.stop')}</Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
