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

export const getSession = (): Session | null => current;

export function setSession(session: Session | null): void {
  current = session;
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
