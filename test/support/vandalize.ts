/**
 * Writes to everything reachable from `value`, as a careless bot might: every number in an array
 * or object grows by 1000, every string gains a suffix, every array gains an item, every object a
 * member. A bot's input must share nothing with the game state, so after this the state is the same.
 */
export function vandalize(value: unknown, seen = new Set<object>()): void {
  if (value === null || typeof value !== 'object' || seen.has(value)) return;
  seen.add(value);
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const item = record[key];
    if (typeof item === 'number') record[key] = item + 1000;
    else if (typeof item === 'string') record[key] = `${item}!`;
    else vandalize(item, seen);
  }
  if (Array.isArray(value)) value.push(-1);
  else record.vandalized = true;
}
