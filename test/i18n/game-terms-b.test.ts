import { describe, expect, it } from 'vitest';
import { BUILDINGS, GUILDS, MONEY } from '../../src/games/guild-town/data.js';
import { buildingWords, guildWords, moneyWords } from '../../src/games/guild-town/words.js';
import { EDITIONS } from '../../src/games/milestone-city/editions.js';
import { PIECES, TILES } from '../../src/games/milestone-city/data.js';
import { orientationWords, serviceWords } from '../../src/games/milestone-city/words.js';
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

describe('milestone city terms', () => {
  it('name every card of every edition, tile, board piece, milestone, service and turn as the engine does', () => {
    for (const edition of EDITIONS.values()) {
      expect(edition.cards.map((card) => term('milestone-city', `card.${card.kind}`))).toEqual(edition.cards.map((card) => card.name));
      expect(edition.milestones.map((_, i) => term('milestone-city', `milestone.${i + 1}`))).toEqual(edition.milestones.map((m) => m.name));
    }
    expect(TILES.map((tile) => term('milestone-city', `tile.${tile.id}`))).toEqual(TILES.map((tile) => tile.name));
    expect(PIECES.map((piece) => term('milestone-city', `piece.${piece.id}`))).toEqual(PIECES.map((piece) => piece.id));
    const services = ['health', 'education', 'safety', 'leisure'] as const;
    expect(services.map((service) => term('milestone-city', `service.${service}`))).toEqual(services.map(serviceWords));
    expect([1, 2, 3, 4, 5, 6, 7].map((o) => term('milestone-city', `orientation.${o}`))).toEqual([1, 2, 3, 4, 5, 6, 7].map(orientationWords));
  });
});
