import { describe, expect, it } from 'vitest';
import { BUILDINGS, GUILDS, MONEY } from '../../src/games/guild-town/data.js';
import { buildingWords, guildWords, moneyWords } from '../../src/games/guild-town/words.js';
import { translator } from '../../src/shared/i18n/index.js';

/**
 * The catalog's English names of guild town's and milestone city's components are the engines' own
 * (words.ts, data.ts): a log line rendered from its key names a card as its English message does.
 */
const en = translator('en');
const term = (type: string, id: string) => en.t(`${type}.term.${id}` as never);

describe('guild town terms', () => {
  it('name every building card, money card and guild as the engine does', () => {
    expect(BUILDINGS.map((b) => term('guild-town', `building.${b.id}`))).toEqual(BUILDINGS.map((b) => buildingWords(b.id)));
    expect(MONEY.map((m) => term('guild-town', `money.${m.id}`))).toEqual(MONEY.map((m) => moneyWords(m.id)));
    expect(GUILDS.map((g) => term('guild-town', `guild.${g}`))).toEqual(GUILDS.map(guildWords));
    expect(BUILDINGS.map((b) => term('guild-town', `buildingName.${b.product}`))).toEqual(BUILDINGS.map((b) => b.name));
  });
});
