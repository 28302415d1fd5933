import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './openapi';
import { endSession, getSession } from './session';

/**
 * The typed REST client: openapi-fetch over the types openapi-typescript generates from
 * openapi/openapi.json (`npm run openapi` regenerates openapi/openapi.d.ts). Every request
 * carries the session's token; a 401 on a request that sent one ends the session (token expired
 * or refused), and so does a 403 ACCOUNT_DISABLED (an admin disabled the account): the page then
 * says why (app/SessionEndedNotice.tsx).
 */
const auth: Middleware = {
  onRequest({ request }) {
    const session = getSession();
    if (session && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${session.token}`);
    return request;
  },
  async onResponse({ request, response }) {
    const session = getSession();
    if (!session || request.headers.get('Authorization') !== `Bearer ${session.token}`) return response;
    if (response.status === 401) endSession('expired');
    else if (response.status === 403) {
      const problem = (await response.clone().json().catch(() => null)) as { code?: string } | null;
      if (problem?.code === 'ACCOUNT_DISABLED') endSession('disabled');
    }
    return response;
  },
};

export const api = createClient<paths>({ baseUrl: location.origin });
api.use(auth);

/** An RFC 9457 problem as the API answers it. */
export interface Problem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  code?: string;
  [key: string]: unknown;
}

/** A failed call: the problem the server answered (or a network failure as one). */
export class ApiError extends Error {
  constructor(readonly status: number, readonly problem: Problem) {
    super(problem.detail ?? problem.title ?? `HTTP ${status}`);
  }
  get code(): string | undefined {
    return this.problem.code;
  }
}

/**
 * Unwraps an openapi-fetch result: the data, or throws an ApiError with the problem.
 * `await unwrap(api.GET('/v1/me'))`.
 */
/** Any failure as an ApiError (a thrown non-API error becomes one with status 0). */
export const asApiError = (failure: unknown): ApiError => (failure instanceof ApiError ? failure : new ApiError(0, { title: String(failure) }));

export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await call;
  } catch (error) {
    // The title marks the failure for api/refusals.ts, which says it in the reader's words: not shown as is.
    throw new ApiError(0, { title: 'Network error', detail: (error as Error).message });
  }
  if (result.error !== undefined || !result.response.ok) {
    const problem = (typeof result.error === 'object' && result.error !== null ? result.error : { title: String(result.error ?? result.response.statusText) }) as Problem;
    throw new ApiError(result.response.status, problem);
  }
  return result.data as T;
}
