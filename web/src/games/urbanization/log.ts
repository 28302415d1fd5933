/** Lines stored before the engine named characters in words ("hires the unionLeader" → "hires the union leader"). */
export function wordUrbanizationLog(message: string): string {
  return message.replace(/\b(the |The )([a-z]+[A-Z][A-Za-z]*)\b/g, (_, the: string, id: string) => `${the}${id.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()}`);
}
