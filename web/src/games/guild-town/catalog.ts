/**
 * Names and faces of guild town's components from the game's catalog (GET
 * /v1/game-types/guild-town/catalog, loaded before a board renders): building and money cards by
 * id, colours, goods.
 */
import { catalogOf } from '../catalog-store';
import { buildCost, buyPrice, coverPointsWords, coverWords, moneyValue, owedWords } from './payment';

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

/** A notary purchase's price as the buyer pays it (see payment.ts), "" before the catalog is loaded. */
export const buyPriceWords = (id: number, myMoney?: readonly { id: number; colour: number }[] | null): string => {
  const data = catalog();
  return data ? buyPrice(data, id, myMoney) : '';
};

/** What raising a building costs (see payment.ts), "" before the catalog is loaded. */
export const buildCostWords = (id: number, raisedSoFar: number): string => {
  const data = catalog();
  return data ? buildCost(data, id, raisedSoFar) : '';
};

export const colourOf = colourName;

type PayPrompt = { kind: 'pay'; cost: number; selected: number[]; colours: number[] };
const payPrompt = (view: { turn: { prompt: { kind: string } } | null }): PayPrompt | null => (view.turn?.prompt.kind === 'pay' ? (view.turn.prompt as PayPrompt) : null);

/**
 * While a seat pays (a pay prompt), what is still owed: the cost less what the money cards chosen
 * so far are worth (sets counted); null when nobody is paying.
 */
export function owedNow(view: { turn: { prompt: { kind: string } } | null }): number | null {
  const prompt = payPrompt(view);
  const data = catalog();
  if (!prompt || !data) return null;
  return Math.max(0, prompt.cost - moneyValue(data, prompt.selected));
}

/** The "still owed" line: the amount and each way to pay it ("3 still owed: cards worth 3; or 1 more green card …"). */
export function owedLine(view: { turn: { prompt: { kind: string } } | null }): string | null {
  const prompt = payPrompt(view);
  const data = catalog();
  return prompt && data ? owedWords(data, prompt.cost, prompt.selected, prompt.colours) : null;
}

/** A pay button's effect: what is owed after this card, or that it settles the payment. */
export function afterPaying(view: { turn: { prompt: { kind: string } } | null }, card: number): string {
  const prompt = payPrompt(view);
  const data = catalog();
  if (!prompt || !data) return '';
  const after = Math.max(0, prompt.cost - moneyValue(data, [...prompt.selected, card]));
  return after > 0 ? `${after} still owed after it` : `settles the ${prompt.cost - moneyValue(data, prompt.selected)} owed`;
}

/** While helpers are sent: what covering the helper on `space` of a guild's track costs the viewer, or null (see payment.ts). */
export function coverCost(view: { players: unknown[]; year: number; phase: string }, track: readonly (readonly { seat: number }[])[], space: number, viewer: number | null, name: (seat: number) => string): ReturnType<typeof coverWords> {
  const data = catalog();
  return data && view.phase === 'helpers' ? coverWords(data, track, space, view.players.length, view.year, viewer, name) : null;
}

/** "1 point": what paying for a space with points costs this year. */
export const coverPoints = (year: number): string => {
  const data = catalog();
  return data ? coverPointsWords(data, year) : 'points';
};

/** The guilds by the index actions use, in words. */
export const guildNames = ['bankers', 'builders', 'notary', 'craftsmen', 'traders', 'town hall'];
