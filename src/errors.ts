/**
 * Every refusal the service gives, REST and GraphQL alike: a stable machine `code`, the HTTP
 * status it maps to, and a sentence for people. Rule violations from engines arrive as
 * `RULE_VIOLATION/<ENGINE_CODE>` with status 422.
 */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string, details?: Record<string, unknown>) => new ServiceError(400, code, message, details);
export const unauthenticated = (message = 'A valid bearer token is required.') => new ServiceError(401, 'UNAUTHENTICATED', message);
export const forbidden = (code: string, message: string) => new ServiceError(403, code, message);
export const notFound = (what: string) => new ServiceError(404, 'NOT_FOUND', `${what} not found.`);
export const conflict = (code: string, message: string, details?: Record<string, unknown>) => new ServiceError(409, code, message, details);
export const unprocessable = (code: string, message: string, details?: Record<string, unknown>) => new ServiceError(422, code, message, details);
