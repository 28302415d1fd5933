/**
 * Names and faces of guild town's components: their faces from the game's catalog (GET
 * /v1/game-types/guild-town/catalog, loaded before a board renders), their names from the message
 * catalog in the reader's language (`guild-town.term.*`): building and money cards by id, colours, goods.
 */
import { t } from '../../i18n';
import { catalogOf } from '../catalog-store';
import { buildCost, buyPrice, coverPointsWords, coverWords, moneyValue, owedWords } from './payment';

export const SEASONS = ['spring', 'summer', 'autumn', 'winter'];

/** A term of the game in the reader's language (`guild-town.term.<id>`). */
export const term = (id: string): string => t(`guild-town.term.${id}` as never);
/** A season by number, a good, a guild by id ("townhall"), a building row ("basic"). */
export const seasonName = (season: number): string => term(`season.${SEASONS[season] ?? 'spring'}`);
export const goodName = (good: string): string => term(`good.${good}`);
export const guildName = (guild: string): string => term(`guild.${guild}`);
export const tierName = (tier: string): string => term(`tier.${tier}`);
/** A colour's name by number, in the reader's language (colourOf is its id, for styles). */
export const colourWord = (colour: number): string => term(`colour.${catalog()?.colours[colour] ?? 'purple'}`);

const catalog = () => catalogOf('guild-town');
const colourName = (colour: number) => catalog()?.colours[colour] ?? `colour ${colour}`;

export const finalGoods = (): string[] => catalog()?.finalGoods ?? [];
export const shipGoods = (): string[] => catalog()?.shipGoods ?? [];
export const storeGoods = (): string[] => catalog()?.storeGoods ?? [];

/** "tannery (leather ← cow; red/blue)": what it makes from what, and its two colours (which tell copies apart). */
export const buildingName = (id: number): string => term(`building.${id}`);

/** "tannery": the building's name without what tells copies apart. */
export function buildingShortName(id: number): string {
  const card = catalog()?.buildings[id];
  return card ? term(`buildingName.${card.product}`) : term(`building.${id}`);
}

/** "green 2". */
export const moneyName = (id: number): string => term(`money.${id}`);

export function moneyColour(id: number): string {
  const card = catalog()?.money[id];
  return card ? colourName(card.colour) : 'none';
}

/** A guild track's spaces: the first is gold (a free privilege), the last silver, others by number. */
export function spaceName(space: number, spaces: number): string {
  return term(`space.${space === 0 ? 'gold' : space === spaces - 1 ? 'silver' : space + 1}`);
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
  return after > 0 ? t('guild-town.pay.after', { after }) : t('guild-town.pay.settles', { owed: prompt.cost - moneyValue(data, prompt.selected) });
}

/** While helpers are sent: what covering the helper on `space` of a guild's track costs the viewer, or null (see payment.ts). */
export function coverCost(view: { players: unknown[]; year: number; phase: string }, track: readonly (readonly { seat: number }[])[], space: number, viewer: number | null, name: (seat: number) => string): ReturnType<typeof coverWords> {
  const data = catalog();
  return data && view.phase === 'helpers' ? coverWords(data, track, space, view.players.length, view.year, viewer, name) : null;
}

/** "1 point": what paying for a space with points costs this year. */
export const coverPoints = (year: number): string => {
  const data = catalog();
  return data ? coverPointsWords(data, year) : t('guild-town.points', { n: year });
};

/** The guilds by the index actions use (their ids), and in words. */
export const GUILD_IDS = ['bankers', 'builders', 'notary', 'craftsmen', 'traders', 'townhall'];
export const guildNames = (index: number): string => guildName(GUILD_IDS[index] ?? 'bankers');
