/**
 * Names and faces of guild town's components from the game's catalog (GET
 * /v1/game-types/guild-town/catalog, loaded before a board renders): building and money cards by
 * id, colours, goods.
 */
import { catalogOf } from '../catalogs';

export const SEASONS = ['spring', 'summer', 'autumn', 'winter'];

const catalog = () => catalogOf('guild-town');
const colourName = (colour: number) => catalog()?.colours[colour] ?? `colour ${colour}`;

export const finalGoods = (): string[] => catalog()?.finalGoods ?? [];
export const shipGoods = (): string[] => catalog()?.shipGoods ?? [];
export const storeGoods = (): string[] => catalog()?.storeGoods ?? [];

/** "tannery (leather ← cow; red/blue)": what it makes from what, and its two colours (which tell copies apart). */
export function buildingName(id: number): string {
  const card = catalog()?.buildings[id];
  if (!card) return `building ${id}`;
  const colours = `${colourName(card.top)}/${colourName(card.bottom)}`;
  return card.inputs.length ? `${card.name} (${card.product} ← ${card.inputs.join(' + ')}; ${colours})` : `${card.name} (${card.product}; ${colours})`;
}

export function buildingShortName(id: number): string {
  return catalog()?.buildings[id]?.name ?? `building ${id}`;
}

/** "green 2". */
export function moneyName(id: number): string {
  const card = catalog()?.money[id];
  return card ? `${colourName(card.colour)} ${card.value}` : `money ${id}`;
}

export function moneyColour(id: number): string {
  const card = catalog()?.money[id];
  return card ? colourName(card.colour) : 'none';
}

/** A guild track's spaces: the first is gold (a free privilege), the last silver, others by number. */
export function spaceName(space: number, spaces: number): string {
  return space === 0 ? 'gold space' : space === spaces - 1 ? 'silver space' : `space ${space + 1}`;
}

/** A building card of the catalog. */
export const buildingCard = (id: number) => catalog()?.buildings[id];

export const colourOf = colourName;

/**
 * While a seat pays (a pay prompt), what is still owed: the cost less the money cards chosen so
 * far; null when nobody is paying.
 */
export function owedNow(view: { turn: { prompt: { kind: string } } | null }): number | null {
  const prompt = view.turn?.prompt as { kind: string; cost?: number; selected?: number[] } | undefined;
  if (prompt?.kind !== 'pay' || prompt.cost === undefined) return null;
  const paid = (prompt.selected ?? []).reduce((sum, id) => sum + (catalog()?.money[id]?.value ?? 0), 0);
  return Math.max(0, prompt.cost - paid);
}

/** The guilds by the index actions use, in words. */
export const guildNames = ['bankers', 'builders', 'notary', 'craftsmen', 'traders', 'town hall'];
