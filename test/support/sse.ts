import { expect } from 'vitest';

export interface SseEvent {
  event: string;
  id: string;
  data: { gameId: string; version: number; yourTurn: boolean; cursor: string; status?: string; type?: string };
}

/** An SSE connection to `base` + `path` (default: the account stream) that parses events as they arrive; `ended` settles when the server ends the stream. */
export async function connectSse(base: string, auth: Record<string, string>, lastEventId?: string, path = '/v1/me/events') {
  const controller = new AbortController();
  const response = await fetch(`${base}${path}`, { headers: { ...auth, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) }, signal: controller.signal });
  expect(response.status).toBe(200);
  const events: SseEvent[] = [];
  let buffer = '';
  const reading = (async () => {
    const reader = response.body!.getReader();
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += new TextDecoder().decode(value);
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const field = (name: string) => [...block.matchAll(/^(\w+): ?(.*)$/gm)].find((m) => m[1] === name)?.[2];
        if (field('data')) events.push({ event: field('event')!, id: field('id')!, data: JSON.parse(field('data')!) });
      }
    }
  })();
  return {
    events,
    ended: reading,
    async close() {
      controller.abort();
      await reading;
    },
  };
}
