// The stores @fastify/rate-limit ships (CommonJS, untyped): used directly by http/rate-limits.ts.
declare module '@fastify/rate-limit/store/*.js' {
  type Callback = (error: Error | null, result: { current: number; ttl: number } | null) => void;
  class Store {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]);
    incr(key: string, callback: Callback, timeWindowMs: number, max: number): void;
  }
  export default Store;
}
