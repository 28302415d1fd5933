import { useEffect, useId, useState } from 'preact/hooks';
import { api, unwrap } from '../api/client';
import { useMutation, useSession } from '../api/hooks';
import { subscribeChat, type ChatMessage } from '../api/live';
import { Button } from '../ui/Button';
import { ErrorBox } from '../ui/forms';
import type { GameDetail } from './game-api';
import { t, tr } from '../i18n';

/** Mirrors the server's limit (CHAT_MAX_LENGTH): the field stops there, the server refuses beyond. */
const MAX_LENGTH = 500;

/**
 * The table's chat beside the log: seated players talk in the players' channel, everyone else in
 * the spectators' (both are open to all once the game is over). Messages arrive live over the
 * `chatMessages` subscription; the last 50 are read when the page opens. Text is shown as text.
 */
export function ChatPanel({ game }: { game: GameDetail }) {
  const session = useSession();
  const id = useId();
  const seated = game.yourSeat !== null;
  const channel: ChatMessage['channel'] = seated ? 'players' : 'spectators';
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [closed, setClosed] = useState(false);
  const [text, setText] = useState('');
  useEffect(() => {
    let live = true;
    setMessages([]);
    const add = (message: ChatMessage) => setMessages((shown) => (shown.some((entry) => entry.id === message.id) ? shown : [...shown, message].sort((a, b) => a.id - b.id)));
    // Subscribe first, then read the page: a message posted in between arrives by one or the other.
    const stop = subscribeChat(game.id, channel, add, (gone) => setMessages((shown) => shown.filter((entry) => entry.id !== gone)));
    unwrap(api.GET('/v1/games/{id}/chat', { params: { path: { id: game.id }, query: { channel, limit: 50 } } })).then(
      (page) => live && page.items.forEach(add),
      () => live && setClosed(true),
    );
    return () => {
      live = false;
      stop();
    };
  }, [game.id, channel]);
  const send = useMutation(async () => unwrap(api.POST('/v1/games/{id}/chat', { params: { path: { id: game.id } }, body: { channel, text } })));
  return (
    <section class="panel chat" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{seated ? t('pages.chat.players') : t('pages.chat.spectators')}</h2>
      {closed ? (
        <p class="muted">{t('pages.chat.closed')}</p>
      ) : (
        <ol class="plain chat-messages" data-testid="chat-messages" tabIndex={0} aria-label={t('pages.chat.messages')} aria-live="polite">
          {messages.length === 0 && <li class="muted">{t('pages.chat.empty')}</li>}
          {messages.map((message) => (
            <li key={message.id} data-testid="chat-message">
              <time class="muted" dateTime={message.createdAt} title={tr.date(message.createdAt)}>{tr.date(message.createdAt, { hour: '2-digit', minute: '2-digit' })}</time>{' '}
              <strong>{message.author}</strong>: {message.text}
            </li>
          ))}
        </ol>
      )}
      {session && !closed && (
        <form
          class="row"
          onSubmit={async (event) => {
            event.preventDefault();
            if (!text.trim()) return;
            const posted = await send.run();
            if (posted) {
              setText('');
              setMessages((shown) => (shown.some((entry) => entry.id === posted.id) ? shown : [...shown, posted as ChatMessage]));
            }
          }}
        >
          <input aria-label={t('pages.chat.yours')} type="text" maxLength={MAX_LENGTH} value={text} placeholder={t('pages.chat.placeholder')} onInput={(event) => setText(event.currentTarget.value)} />
          <Button type="submit" busy={send.running}>
            {t('pages.chat.send')}
          </Button>
        </form>
      )}
      <ErrorBox error={send.error} />
    </section>
  );
}
