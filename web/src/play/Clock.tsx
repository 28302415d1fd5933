import { useEffect, useState } from 'preact/hooks';
import { t, tr } from '../i18n';

/** "23 h 59 min left", "1:05 left" (the last hour to the second), "time is up". */
function remaining(ms: number): string {
  if (ms <= 0) return t('pages.clock.up');
  const seconds = Math.floor(ms / 1000);
  if (seconds >= 3600) return t('pages.clock.left', { time: tr.duration(Math.floor(seconds / 60) * 60_000) });
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return t('pages.clock.left', { time: `${m}:${String(s).padStart(2, '0')}` });
}

/** The deadline of the seats to act, counting down each second (nothing without a deadline). */
export function Clock({ deadline }: { deadline: string | null }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!deadline) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  if (!deadline) return <span class="muted">{t('pages.clock.none')}</span>;
  const at = new Date(deadline);
  return (
    <span class="clock" title={tr.date(at)}>
      <time dateTime={deadline}>{remaining(at.getTime() - now)}</time> <span class="muted">{t('pages.clock.until', { time: tr.date(at, { timeStyle: 'medium' }) })}</span>
    </span>
  );
}
