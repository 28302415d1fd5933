/**
 * The HTTP transport of the example GraphQL client: one operation as a POST to the endpoint. Like
 * any GraphQL client library (graphql-ws does the same for the subscription), it is where JSON from
 * the wire is read as the operation's generated result type: the one place of the example that
 * trusts the server to answer what the schema says (test/api/graphql-client.test.ts checks that it
 * does). The client itself (client.ts) is free of casts and `any`.
 */
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';

interface GraphqlAnswer<TData> {
  data?: TData | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** One query or mutation over HTTP; a refusal becomes an Error naming its code. */
export async function call<TData, TVariables>(httpUrl: string, document: TypedDocumentNode<TData, TVariables>, variables: TVariables, token?: string): Promise<TData> {
  const response = await fetch(httpUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query: print(document), variables }),
  });
  const body = (await response.json()) as GraphqlAnswer<TData>;
  const [error] = body.errors ?? [];
  if (error || !body.data) throw new Error(`${error?.extensions?.code ?? response.status}: ${error?.message ?? 'no data'}`);
  return body.data;
}
