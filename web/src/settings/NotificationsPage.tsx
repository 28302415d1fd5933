import { useEffect, useId, useState } from 'preact/hooks';
import { api, ApiError, unwrap } from '../api/client';
import { useApi, useMutation } from '../api/hooks';
import type { components } from '../api/openapi';
import { Button } from '../ui/Button';
import { ErrorBox, Field, Notice, SelectField } from '../ui/forms';
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
      <h1>Notifications</h1>
      <p class="muted">Hear of your turn while this page is closed: by e-mail, by a notification in this browser, or both.</p>
      <EmailSettings />
      <PushSettings />
    </section>
  );
}

const MODES: { value: EmailMode; label: string }[] = [
  { value: 'never', label: 'Never' },
  { value: 'each_turn', label: 'Each time it is my turn (also deadlines near, games over and invitations)' },
  { value: 'digest', label: 'A digest of the same, at most one mail every few hours' },
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
  return [{ value: '', label: 'Not set: times in UTC' }, ...all.map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }))];
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
      <h2 id="email-heading">E-mail</h2>
      <ErrorBox error={loaded.error} />
      {prefs && !prefs.emailAvailable && <Notice>This server sends no e-mail (its operator has set up no mail relay).</Notice>}
      {prefs?.emailAvailable && (
        <>
          <p data-testid="email-status">
            {!prefs.email
              ? 'No address yet: mail goes only to an address you have verified.'
              : prefs.emailVerified
                ? `${prefs.email} is verified: notification mail goes there.`
                : `${prefs.email} is not verified yet: follow the link we mailed to it. Nothing else is sent to it before.`}
          </p>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void run(() => saveAddress.run(address.trim() || null), (next) => (next.email ? `Saved. We mailed a link to ${next.email}: follow it to verify the address.` : 'The address is removed.'));
            }}
          >
            <Field label="E-mail address" type="email" autocomplete="email" value={address} maxLength={254} onInput={(event) => setAddress(event.currentTarget.value)} hint="Changing it sends a new verification link." />
            <div class="row">
              <Button type="submit" variant="primary" busy={saveAddress.running}>Save address</Button>
              {prefs.email && !prefs.emailVerified && (
                <Button busy={saveAddress.running} onClick={() => void run(() => saveAddress.run(prefs.email), () => `We mailed a new link to ${prefs.email}.`)}>Send the link again</Button>
              )}
              {prefs.email && <Button busy={saveAddress.running} onClick={() => void run(() => saveAddress.run(null), () => 'The address is removed.')}>Remove the address</Button>}
            </div>
          </form>
          <ErrorBox error={saveAddress.error} />
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void run(() => savePrefs.run(), () => 'Your mail preferences are saved.');
            }}
          >
            <fieldset class="choices" aria-describedby={`${legendId}-hint`}>
              <legend>When to mail me</legend>
              {MODES.map((entry) => (
                <label key={entry.value} class="choice">
                  <input type="radio" name="emailMode" value={entry.value} checked={mode === entry.value} onChange={() => setMode(entry.value)} />
                  {entry.label}
                </label>
              ))}
              <small id={`${legendId}-hint`} class="muted">Mail goes only to a verified address.</small>
            </fieldset>
            {mode === 'digest' && <Field label="Hours between digests" type="number" min={1} max={168} step={1} required value={hours} onInput={(event) => setHours(event.currentTarget.value)} hint="From 1 to 168 (a week)." />}
            <SelectField
              label="My time zone"
              value={zone}
              onChange={(event) => setZone(event.currentTarget.value)}
              options={zoneOptions(zone || null)}
              hint={prefs.timeZone ? 'Deadlines in mails are given in this zone.' : 'Not saved yet: mails give deadlines in UTC until you save a zone (this browser’s is chosen for you).'}
            />
            <Button type="submit" variant="primary" busy={savePrefs.running}>Save preferences</Button>
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
    if (!key) return setState({ status: 'unavailable', reason: 'This server sends no push notifications (its operator has not set the VAPID keys).' });
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
      else setProblem(`Something went wrong: ${String((error as Error)?.message ?? error)}`);
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
        setState({ status: 'unavailable', reason: 'Whether this browser can be notified could not be found out.' });
        throw error;
      }
    });
  }, []);

  const turnOn = (key: string) => attempt(async () => {
    const subscription = await subscribeBrowser(key);
    const keys = subscription.keys ?? {};
    if (!subscription.endpoint || !keys.p256dh || !keys.auth) throw new PushProblem('Your browser gave a push subscription without an endpoint or keys; it cannot be used.');
    const stored = await unwrap(api.POST('/v1/me/push-subscriptions', { body: { endpoint: subscription.endpoint, expirationTime: subscription.expirationTime ?? null, keys: { p256dh: keys.p256dh, auth: keys.auth } } }));
    setSubscriptions(await unwrap(api.GET('/v1/me/push-subscriptions')));
    setState({ status: 'on', key, id: stored.id, endpoint: stored.endpoint });
    setDone('This browser will now be notified when it is your turn.');
  });
  const turnOff = (key: string, id: string) => attempt(async () => {
    await remove(id);
    await (await browserSubscription())?.unsubscribe();
    setState({ status: 'off', key });
    setDone('This browser will no longer be notified.');
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
      <h2 id="push-heading">Notifications in this browser</h2>
      <p data-testid="push-status" role="status">
        {state.status === 'checking' && 'Checking whether this browser can be notified…'}
        {state.status === 'unavailable' && state.reason}
        {state.status === 'off' && 'This browser is not notified of your turns.'}
        {state.status === 'on' && 'This browser is notified when it is your turn and when a deadline is near.'}
      </p>
      {state.status === 'off' && <Button variant="primary" busy={busy} onClick={() => void turnOn(state.key)}>Notify me in this browser</Button>}
      {state.status === 'on' && <Button busy={busy} onClick={() => void turnOff(state.key, state.id)}>Stop notifying this browser</Button>}
      {problem && <div class="error" role="alert" data-testid="push-problem">{problem}</div>}
      <ErrorBox error={failure} />
      {done && <Notice tone="ok">{done}</Notice>}
      {others.length > 0 && (
        <>
          <h3>Your other browsers</h3>
          <ul class="plain" data-testid="other-browsers">
            {others.map((entry) => (
              <li key={entry.id} class="row">
                <span>Through {hostOf(entry.endpoint)}, since {new Date(entry.createdAt).toLocaleDateString()}</span>
                <Button busy={busy} onClick={() => void attempt(() => remove(entry.id))} aria-label={`Stop notifying the browser through ${hostOf(entry.endpoint)} since ${new Date(entry.createdAt).toLocaleDateString()}`}>Stop</Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
