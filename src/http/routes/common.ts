import { Type } from '@sinclair/typebox';

/** The documented problem responses of a route. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((status) => [status, Type.Ref('Problem')]));
}
