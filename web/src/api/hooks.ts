import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, asApiError } from './client';
import { getSession, onSessionChange, type Session } from './session';

/** The current login session; re-renders on login/logout (in this tab or another). */
export function useSession(): Session | null {
  const [session, setState] = useState(getSession());
  useEffect(() => onSessionChange(setState), []);
  return session;
}

export interface ApiState<T> {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  /** Loads again (e.g. after a mutation). */
  reload(): void;
}

/**
 * Loads `load()` when a dependency changes; keeps the previous data while a reload runs and ignores
 * answers to superseded loads. `useApi(() => unwrap(api.GET('/v1/games')), [])`.
 */
export function useApi<T>(load: () => Promise<T>, deps: unknown[]): ApiState<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<ApiError | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const latest = useRef(0);
  useEffect(() => {
    const call = ++latest.current;
    setLoading(true);
    load().then(
      (value) => {
        if (call !== latest.current) return;
        setData(value);
        setError(undefined);
        setLoading(false);
      },
      (failure: unknown) => {
        if (call !== latest.current) return;
        setError(asApiError(failure));
        setLoading(false);
      },
    );
    // The caller lists what `load` depends on (like useEffect).
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((value) => value + 1), []);
  return { data, error, loading, reload };
}

export interface Mutation<A extends unknown[], T> {
  run(...args: A): Promise<T | undefined>;
  running: boolean;
  error: ApiError | undefined;
}

/** A button's call: tracks running/error; `run` answers undefined when it failed (the error is shown). */
export function useMutation<A extends unknown[], T>(call: (...args: A) => Promise<T>): Mutation<A, T> {
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<ApiError | undefined>(undefined);
  const run = async (...args: A) => {
    setRunning(true);
    setError(undefined);
    try {
      return await call(...args);
    } catch (failure) {
      setError(asApiError(failure));
      return undefined;
    } finally {
      setRunning(false);
    }
  };
  return { run, running, error };
}
