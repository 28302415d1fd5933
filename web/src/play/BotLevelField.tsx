import type { paths } from '../api/openapi';
import { playerLabel } from '../games/names';
import { SelectField } from '../ui/forms';
import { t, tr } from '../i18n';

/** A bot a game type offers (GET /v1/game-types `botLevels`, weakest first). */
export type BotLevel = paths['/v1/game-types']['get']['responses'][200]['content']['application/json'][number]['botLevels'][number];


/** The catalog's words for a key made at run time, else `otherwise` (a bot this build has no words for). */
const catalogWords = (key: string, otherwise: string): string => (tr.has(key) ? tr.t(key) : otherwise);

/** The bot a seat gets unless the player picks another: medium where the game has one (a fair opponent that answers quickly), else the strongest. */
export function defaultBot(levels: BotLevel[]): string {
  return (levels.find((bot) => bot.level === 'medium') ?? levels[levels.length - 1])?.name ?? 'random';
}

/** Which bot plays a seat: its level in words, the chosen one's description under the list. */
export function BotLevelField({ seat, levels, value, onChange }: { seat: number; levels: BotLevel[]; value: string; onChange(bot: string): void }) {
  const chosen = levels.find((bot) => bot.name === value);
  return (
    <SelectField
      label={t('pages.bot.levelFor', { player: playerLabel(seat, tr) })}
      value={value}
      hint={chosen && catalogWords(`pages.bot.about.${chosen.name}`, chosen.description)}
      onChange={(event) => onChange(event.currentTarget.value)}
      options={levels.map((bot) => ({ value: bot.name, label: catalogWords(`pages.bot.level.${bot.level}`, bot.level) }))}
    />
  );
}
