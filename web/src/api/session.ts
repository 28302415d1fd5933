/**
 * The login session: the JWT from register/login kept in localStorage (so a reload stays logged in)
 * and the account it belongs to. Components read it through `useSession()` (api/hooks.ts).
 */
export interface SessionUser {
  id: string;
  username: string;
  role: 'player' | 'admin';
}

export interface Session {
  token: string;
  user: SessionUser;
}

const STORAGE_KEY = 'bgs.session';
type Listener = (session: Session | null) => void;
const listeners = new Set<Listener>();

function read(): Session | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as Session) : null;
  } catch {
    return null;
  }
}

let current: Session | null = read();

/**
 * Why the server ended the session (its token expired or was refused, or an admin disabled the
 * account), so the page can say so instead of silently showing "Log in"; null after a login or a
 * logout of one's own.
 */
export type SessionEnd = 'expired' | 'disabled';
let ended: SessionEnd | null = null;

export const getSession = (): Session | null => current;
export const getSessionEnd = (): SessionEnd | null => ended;

/** The server refused the session's token: logged out, with the reason kept for the notice. */
export function endSession(reason: SessionEnd): void {
  setSession(null);
  ended = reason;
  for (const listener of listeners) listener(null);
}

export function setSession(session: Session | null): void {
  current = session;
  ended = null;
  if (session) localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  else localStorage.removeItem(STORAGE_KEY);
  for (const listener of listeners) listener(session);
}

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab logged in or out.
window.addEventListener('storage', (event) => {
  if (event.key !== STORAGE_KEY) return;
  current = read();
  for (const listener of listeners) listener(current);
});
