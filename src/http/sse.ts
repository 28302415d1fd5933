import type { FastifyReply, FastifyRequest } from 'fastify';
import { StreamEnded } from '../services/stream-access.js';

/** One Server-Sent Event. */
export interface SseEvent {
  event: string;
  id?: string;
  data: unknown;
}

/**
 * Serves `events` as a Server-Sent Events stream until the client leaves or the events end: a
 * comment every 25 s keeps proxies from closing an idle connection; `close` runs once either way.
 * Events that end with a StreamEnded (the subscriber lost access: services/stream-access.ts) send
 * `event: closed` with `data: {"reason", "message", …}` last: a client should not reconnect then.
 */
export async function serveSse(request: FastifyRequest, reply: FastifyReply, events: AsyncIterable<SseEvent>, close: () => void, onStream: (delta: 1 | -1) => void): Promise<void> {
  reply.hijack();
  const out = reply.raw;
  out.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' });
  out.write('retry: 3000\n: connected\n\n');
  const keepAlive = setInterval(() => out.write(': keep-alive\n\n'), 25_000);
  onStream(1);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    onStream(-1);
    clearInterval(keepAlive);
    close();
  };
  request.raw.on('close', stop);
  try {
    for await (const event of events) out.write(`event: ${event.event}\n${event.id === undefined ? '' : `id: ${event.id}\n`}data: ${JSON.stringify(event.data)}\n\n`);
  } catch (error) {
    if (error instanceof StreamEnded && !stopped) out.write(`event: closed\ndata: ${JSON.stringify({ reason: error.reason, message: error.message, ...error.details })}\n\n`);
    // otherwise the stream was closed by the client or the server
  } finally {
    stop();
    out.end();
  }
}
