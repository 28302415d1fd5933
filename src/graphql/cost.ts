import type { FastifyInstance } from 'fastify';
import type { DocumentNode, GraphQLSchema } from 'graphql';
// The CommonJS build, so it shares graphql-js with Mercurius (see `isGraphQLError` in index.ts for the two builds).
import { getComplexity, type ComplexityEstimator } from 'graphql-query-complexity/cjs';
import { ServiceError } from '../errors.js';

/**
 * The computed cost of a GraphQL operation, refused before anything executes (the field count and
 * depth are validation rules in depth.ts: they depend on the document only). The cost comes from
 * graphql-query-complexity, in a preExecution hook because it depends on the variables
 * (`lobby(first: $n)`) and Mercurius skips validation for documents it has cached. Each field costs
 * its weight (1, more for fields that load or replay a game) plus its children times the page it
 * asks for (a connection's `first`, defaults included). Lists without a page argument count once:
 * in this schema they are small and bounded (seats, one event's log entries, a page's edges under
 * their connection's `first`, invitations, an account's tokens and webhooks under their quotas).
 */
const FIELD_WEIGHTS: Record<string, number> = { 'Game.view': 5, 'Game.legalActions': 10, 'Game.events': 5 };

function pageSize(args: Record<string, unknown>): number | null {
  return typeof args.first === 'number' && Number.isFinite(args.first) ? Math.max(1, args.first) : null;
}

const estimator: ComplexityEstimator = ({ type, field, args, childComplexity }) => (FIELD_WEIGHTS[`${type.name}.${field.name}`] ?? 1) + (pageSize(args) ?? 1) * childComplexity;

/** The cost of the operation to run (for the limit, and for the measuring script). */
export function operationCost(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown>, operationName?: string): number {
  return getComplexity({ schema, query: document, variables, operationName, estimators: [estimator] });
}

export function registerCostLimit(app: FastifyInstance, maxCost: number): void {
  app.register(async (scope) => {
    scope.graphql.addHook('preExecution', async (schema, document, context, variables) => {
      const request = context.reply.request;
      const operationName = ((request.method === 'GET' ? request.query : request.body) as { operationName?: unknown } | undefined)?.operationName;
      const cost = operationCost(schema, document, variables ?? {}, typeof operationName === 'string' ? operationName : undefined);
      if (cost > maxCost) {
        throw new ServiceError(400, 'GRAPHQL_TOO_COMPLEX', `The operation would cost ${cost}; the most one may cost is ${maxCost}. Ask for smaller pages or fewer fields.`, { cost, maxCost });
      }
    });
  });
}
