import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isRuleError } from '../../src/engine/types.js';
import { rulesVersionsOf } from '../../src/engine/versions.js';
import { constructionYardGame } from '../../src/games/construction-yard/index.js';
import { BUILDINGS, MONEY } from '../../src/games/guild-town/data.js';
import { VERSIONS as GUILD_TOWN_VERSIONS } from '../../src/games/guild-town/versions.js';
import { games } from '../../src/games/index.js';
import { act, atTurn, cardOf, game as guildTown } from './guild-town/helpers.js';

/**
 * What docs/games/*.md state about rules versions, take-backs and rulebook readings, each checked
 * against the engine (issue 26): when the behaviour changes, this fails and names the doc statement
 * to correct. Each claim is a sentence the page must contain and the behaviour that makes it true.
 */
const page = (id: string) => readFileSync(new URL(`../../docs/games/${id}.md`, import.meta.url), 'utf8').replace(/\s+/g, ' ');
const guildTownPage = page('guild-town');
const underVersion = (rulesVersion: number, seats = 3) => guildTown.setup({ seats, options: { swap: false }, seed: 'claims', rulesVersion });

describe('every game page lists the rules versions its engine serves', () => {
  for (const definition of Object.values(games)) {
    it(`${definition.id}: a changelog row per version, with its date`, () => {
      const text = page(definition.id);
      for (const { version, date } of rulesVersionsOf(definition)) expect(text).toContain(`| ${version} | ${date} |`);
      expect(text).not.toContain(`| ${definition.rulesVersion + 1} | 20`);
    });
  }

  it('guild town: the page names the version new games get', () => {
    expect(guildTownPage).toContain(`Rules version ${guildTown.rulesVersion} (new games)`);
  });
});

describe('guild town page', () => {
  it('"From version 4 the kernel\'s guard … makes irreversible … a notary purchase"; versions 2 and 3 were reversible', () => {
    expect(guildTownPage).toContain("From **version 4** the kernel's guard");
    expect(guildTownPage).toContain('In **versions 2 and 3** those moves were reversible');
    expect(guildTownPage).not.toContain('Every action that draws or looks returns `irreversible: true`');
    for (const [rulesVersion, irreversible] of [[3, undefined], [4, true]] as const) {
      const s = atTurn(underVersion(rulesVersion), 0, 'notary');
      s.players[0].money = [0, 1, 2, 3, 12, 13, 24, 25, 36, 37];
      const bought = guildTown.apply(s, 0, { type: 'buy', row: 'basic', slot: 0 });
      if (isRuleError(bought)) throw new Error(bought.code);
      expect(bought.irreversible).toBe(irreversible);
    }
  });

  it('craftPrivilege: "from version 3 one work point makes two raw materials … version 2: the next raw material costs no work point"', () => {
    expect(guildTownPage).toContain('from version 3 one work point makes two raw materials');
    expect(guildTownPage).toContain('version 2: the next raw material costs no work point');
    const noPoint = (rulesVersion: number) => guildTown.apply(atTurn(underVersion(rulesVersion), 0, 'craftsmen', { gold: true, wp: 0 }), 0, { type: 'craftPrivilege' });
    expect(isRuleError(noPoint(2))).toBe(false);
    expect(isRuleError(noPoint(3))).toBe(true);
  });

  it('winter: "final phase (from rules version 3; version 2 skips it)"', () => {
    expect(guildTownPage).toContain('final phase (from rules version 3; version 2 skips it)');
    const profiles = GUILD_TOWN_VERSIONS.map((entry) => (entry.profile as { winterFinalPhase?: boolean } | undefined)?.winterFinalPhase === true);
    expect(profiles).toEqual(GUILD_TOWN_VERSIONS.map((entry) => entry.version >= 3));
  });

  it('"Version 3 still lets a token be wasted … version 4 refuses that order"', () => {
    expect(guildTownPage).toContain('Version 3 still lets a token be wasted');
    expect(guildTownPage).toContain('version 4 refuses that order');
    const tradeAfterPrivilege = (rulesVersion: number) => {
      let s = atTurn(underVersion(rulesVersion), 0, 'craftsmen', { gold: true, wp: 1 });
      s.players[0].market = 1;
      s.players[0].town.push({ card: cardOf('advanced', 'beer'), slots: [false, false] });
      s = act(s, 0, { type: 'craftPrivilege' });
      return guildTown.apply(s, 0, { type: 'trade', building: 1, slot: 0 });
    };
    expect(isRuleError(tradeAfterPrivilege(3))).toBe(false);
    expect(tradeAfterPrivilege(4)).toMatchObject({ code: 'PRIVILEGE_NEEDS_WORK_POINT' });
  });

  it('two-player town hall: "one of the other two from version 4 (versions 2 and 3: both)"', () => {
    expect(guildTownPage).toContain('one of the other two from version 4 (versions 2 and 3: both)');
    for (const [rulesVersion, stillInHall] of [[3, true], [4, false]] as const) {
      const s = act(atTurn(underVersion(rulesVersion, 2), 1, 'townhall'), 1, { type: 'hall', choice: 'privilege' });
      expect(s.turn?.seat === 1 && s.turn.prompt.kind === 'hall').toBe(stillInHall);
    }
  });

  it('building colours: "upper colour must equal its neighbour\'s upper colour, or its lower colour the neighbour\'s lower colour"', () => {
    expect(guildTownPage).toContain("the new building's upper colour must equal its neighbour's upper colour, or its lower colour the neighbour's lower colour");
    const s = atTurn(underVersion(4), 0, 'builders');
    s.players[0].money = MONEY.map((card) => card.id).slice(0, 10);
    const mill = s.players[0].town[0]!.card;
    const crossOnly = BUILDINGS.find((b) => b.tier === 'basic' && b.top === BUILDINGS[mill]!.bottom && b.bottom !== BUILDINGS[mill]!.bottom && b.top !== BUILDINGS[mill]!.top);
    const sameTop = BUILDINGS.find((b) => b.tier === 'basic' && b.top === BUILDINGS[mill]!.top);
    s.players[0].hand = [crossOnly!.id, sameTop!.id];
    expect(guildTown.apply(s, 0, { type: 'raise', card: crossOnly!.id, side: 'right', privilege: false })).toMatchObject({ code: 'BUILDING_RULE' });
    expect(isRuleError(guildTown.apply(s, 0, { type: 'raise', card: sameTop!.id, side: 'right', privilege: false }))).toBe(false);
  });

  it('the version 3 changelog line no longer reads like a cap on the bid ("not more than their own opening bid")', () => {
    const v3 = GUILD_TOWN_VERSIONS.find((entry) => entry.version === 3)!;
    expect(v3.changes).not.toContain('not more than');
    expect(v3.changes).toContain("beat only the mayor's bid");
  });
});

describe('construction yard page', () => {
  it('edition choice 9: "From rules version 2 every seat\'s starting cards are public … version 1 games keep them secret"', () => {
    const text = page('construction-yard');
    expect(text).toContain("From rules version 2 every seat's starting cards are public");
    expect(text).toContain('version 1 games keep them secret');
    const view = (rulesVersion: number) => constructionYardGame.view(constructionYardGame.setup({ seats: 3, options: {}, seed: 'claims', rulesVersion }), 1);
    expect(view(1).startingCapital).toBeNull();
    expect(view(2).startingCapital).toHaveLength(3);
  });
});

