import { expect } from 'vitest';
import type { TestApp } from './api.js';

/** GraphQL over HTTP for API tests: the response, and the one error of a refused operation. */
export interface GqlError {
  message: string;
  path?: (string | number)[];
  extensions: { code: string; status: number; [key: string]: unknown };
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = any;
export interface GqlResponse {
  status: number;
  data: Data;
  errors?: GqlError[];
}

/** POSTs a GraphQL operation; `auth` is a token, a whole Authorization header value, or nothing. */
export async function postGraphql(app: TestApp, query: string, variables: Record<string, unknown> = {}, auth?: string): Promise<GqlResponse> {
  const request = app.http.post('/graphql');
  if (auth !== undefined) request.set('Authorization', auth.includes(' ') ? auth : `Bearer ${auth}`);
  const response = await request.send({ query, variables });
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return { status: response.status, data: response.body.data, errors: response.body.errors };
}

/** The single error of a refused operation, its code and the status REST would give. */
export function refusal(response: GqlResponse): GqlError['extensions'] {
  expect(response.errors, JSON.stringify(response)).toHaveLength(1);
  return response.errors![0]!.extensions;
}
export const codeOf = (response: GqlResponse) => refusal(response).code;
