/**
 * A small structural diff of two JSON values: the paths added, removed and changed, in document
 * order. Arrays are compared index by index (game states are mostly fixed-shape arrays).
 */
export type JsonChange =
  | { kind: 'added'; path: string; after: unknown }
  | { kind: 'removed'; path: string; before: unknown }
  | { kind: 'changed'; path: string; before: unknown; after: unknown };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const childPath = (path: string, key: string | number) => (typeof key === 'number' ? `${path}[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? (path ? `${path}.${key}` : key) : `${path}[${JSON.stringify(key)}]`);

export function jsonDiff(before: unknown, after: unknown, path = '', changes: JsonChange[] = []): JsonChange[] {
  if (Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length);
    for (let index = 0; index < length; index++) {
      const at = childPath(path, index);
      if (index >= after.length) changes.push({ kind: 'removed', path: at, before: before[index] });
      else if (index >= before.length) changes.push({ kind: 'added', path: at, after: after[index] });
      else jsonDiff(before[index], after[index], at, changes);
    }
  } else if (isObject(before) && isObject(after)) {
    for (const key of Object.keys(before)) {
      const at = childPath(path, key);
      if (!(key in after)) changes.push({ kind: 'removed', path: at, before: before[key] });
      else jsonDiff(before[key], after[key], at, changes);
    }
    for (const key of Object.keys(after)) if (!(key in before)) changes.push({ kind: 'added', path: childPath(path, key), after: after[key] });
  } else if (!Object.is(before, after)) {
    changes.push({ kind: 'changed', path: path || '(root)', before, after });
  }
  return changes;
}
