import { describe, expect, it } from 'vitest';
import { jsonDiff } from '../../web/src/ui/json-diff.js';

/** The inspector's state diff (web/src/ui/json-diff.ts): added, removed and changed paths in document order. */
describe('jsonDiff', () => {
  it('finds nothing between equal values', () => {
    expect(jsonDiff({ a: [1, { b: null }], c: 'x' }, { a: [1, { b: null }], c: 'x' })).toEqual([]);
  });

  it('names changed leaves by their path, array indexes and odd keys included', () => {
    expect(jsonDiff({ scores: [1, 2], 'odd key': { n: 1 } }, { scores: [1, 5], 'odd key': { n: 2 } })).toEqual([
      { kind: 'changed', path: 'scores[1]', before: 2, after: 5 },
      { kind: 'changed', path: '["odd key"].n', before: 1, after: 2 },
    ]);
  });

  it('reports added and removed keys and array items, and a changed type as a change', () => {
    expect(jsonDiff({ hand: [3, 4, 5], gone: true, kind: [1] }, { hand: [3], added: { x: 1 }, kind: { 0: 1 } })).toEqual([
      { kind: 'removed', path: 'hand[1]', before: 4 },
      { kind: 'removed', path: 'hand[2]', before: 5 },
      { kind: 'removed', path: 'gone', before: true },
      { kind: 'changed', path: 'kind', before: [1], after: { 0: 1 } },
      { kind: 'added', path: 'added', after: { x: 1 } },
    ]);
  });

  it('reports a changed root', () => {
    expect(jsonDiff(1, 2)).toEqual([{ kind: 'changed', path: '(root)', before: 1, after: 2 }]);
  });
});
