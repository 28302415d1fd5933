/**
 * The HTTP transport of the example GraphQL client: graphql-request's client for one player (their
 * token in `Authorization`). `request(document, variables)` takes a generated TypedDocumentNode and
 * answers its result type, as graphql-ws does for the subscription: the example has no cast
 * anywhere. That the server answers what the schema says is what test/api/graphql-client.test.ts
 * checks. A refusal throws graphql-request's ClientError (the code in `response.errors[0].extensions.code`).
 */
import { GraphQLClient } from 'graphql-request';

/** A GraphQL client over HTTP for one player (none: anonymous). */
export function graphqlClient(httpUrl: string, token?: string): GraphQLClient {
  return new GraphQLClient(httpUrl, { headers: token ? { authorization: `Bearer ${token}` } : {} });
}
