import { useEffect, useState } from 'preact/hooks';

function remaining(ms: number): string {
  if (ms <= 0) return 'time is up';
  const seconds = Math.floor(ms / 1000);
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (d > 0) return `${d} d ${h} h left`;
  if (h > 0) return `${h} h ${m} min left`;
  return `${m}:${String(s).padStart(2, '0')} left`;
}

/** The deadline of the seats to act, counting down each second (nothing without a deadline). */
export function Clock({ deadline }: { deadline: string | null }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!deadline) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  if (!deadline) return <span class="muted">no deadline</span>;
  const at = new Date(deadline);
  return (
    <span class="clock" title={at.toLocaleString()}>
      <time dateTime={deadline}>{remaining(at.getTime() - now)}</time> <span class="muted">(until {at.toLocaleTimeString()})</span>
    </span>
  );
}
