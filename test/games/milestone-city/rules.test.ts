import { describe, expect, it } from 'vitest';
import { WATER, districtMap, districtsOf } from '../../../src/games/milestone-city/board.js';
import { TILES } from '../../../src/games/milestone-city/data.js';
import { A, B, C, build, game, ok, prepare, refused, square, turnState } from './helpers.js';

describe('start of a milestone: the board piece', () => {
  it('lets only the starting player choose; paying 2 turns piece A face up (the fragment\'s example)', () => {
    const state = game.setup({ seats: 3, options: { milestones: 4 }, seed: 'piece', rulesVersion: 1 });
    expect(state.phase).toBe('piece');
    expect(game.activeSeats(state)).toEqual([0]);
    refused(state, 1, { type: 'choosePiece', piece: A }, 'NOT_YOUR_TURN');
    refused(state, 0, { type: 'play', card: state.hands[0]![0]! }, 'CHOOSE_PIECE_FIRST');
    const next = ok(state, 0, { type: 'choosePiece', piece: A });
    expect(next.treasury).toBe(state.treasury - 2);
    expect(next.faceUp).toEqual([true, false, false, false, false, false]);
    expect(next.phase).toBe('turn');
    expect(game.activeSeats(next)).toEqual([0]);
  });

  it('refuses pieces that are face up, not next to the city, or too expensive', () => {
    const state = { ...turnState(), phase: 'piece' as const };
    refused(state, 0, { type: 'choosePiece', piece: A }, 'PIECE_FACE_UP');
    refused(state, 0, { type: 'choosePiece', piece: C }, 'PIECE_NOT_ADJACENT');
    refused({ ...state, treasury: 0 }, 0, { type: 'choosePiece', piece: B }, 'NOT_ENOUGH_MONEY');
    expect(game.legalActions(state, 0)).toEqual([{ type: 'choosePiece', piece: B }, { type: 'choosePiece', piece: 3 }]);
    refused(state, 0, { type: 'choosePiece', piece: 9 }, 'UNKNOWN_PIECE');
  });
});

describe('construction cards: the fragment\'s examples', () => {
  it('medical clinic: pay one money, happiness +1', () => {
    const state = turnState();
    const next = build(state, 'clinic-1', null, 0, 0, 0);
    expect(next.treasury).toBe(state.treasury - 1);
    expect(next.bars.happiness).toBe(state.bars.happiness + 1);
    expect(next.tiles).toEqual([{ tile: 'clinic', card: 'clinic-1', squares: [square(0, 0), square(1, 0)] }]);
  });

  it('wind power plant: pay three money, power +3', () => {
    const state = turnState();
    const next = build(state, 'wind-1', null, 0, 0, 0);
    expect(next.treasury).toBe(state.treasury - 3);
    expect(next.bars.power).toBe(state.bars.power + 3);
  });

  it('residential zone: water −1, employment +1, and +1 money with the clinic directly adjacent', () => {
    const withClinic = build(turnState(), 'clinic-1', null, 0, 0, 0);
    const next = build(withClinic, 'resHealth-1', 'res1', 0, 0, 1);
    expect(next.bars.water).toBe(withClinic.bars.water - 1);
    expect(next.bars.employment).toBe(withClinic.bars.employment + 1);
    expect(next.treasury).toBe(withClinic.treasury + 1);
  });

  it('residential zone: no money when the clinic is not adjacent, is across a street, or comes later', () => {
    const withClinic = build(turnState(), 'clinic-1', null, 0, 0, 0);
    const far = build(withClinic, 'resHealth-1', 'res1', 0, 0, 3);
    expect(far.treasury).toBe(withClinic.treasury);
    expect(far.bars.water).toBe(withClinic.bars.water - 1);
    // The clinic at (1,0)-(2,0) and a zone at (3,0): a street runs between columns 2 and 3.
    const byStreet = build(turnState(), 'clinic-1', null, 0, 1, 0);
    expect(build(byStreet, 'resHealth-1', 'res1', 0, 3, 0).treasury).toBe(byStreet.treasury);
    // Zone first, clinic afterwards: the benefit never applies retroactively.
    const zoneFirst = build(turnState(), 'resHealth-1', 'res1', 0, 0, 1);
    const clinicLater = build(zoneFirst, 'clinic-1', null, 0, 0, 0);
    expect(zoneFirst.treasury).toBe(turnState().treasury);
    expect(clinicLater.treasury).toBe(zoneFirst.treasury - 1);
  });

  it('uses a Stage II service anywhere in the zone\'s district, but not from another district', () => {
    const ab = turnState({}, [A, B]);
    const withHospital = build(ab, 'hospital-1', null, 0, 4, 0); // T over (4,0),(5,0),(6,0),(5,1), across the A|B border
    expect(withHospital.treasury).toBe(ab.treasury - 3);
    expect(withHospital.bars.happiness).toBe(ab.bars.happiness + 2);
    const sameDistrict = build(withHospital, 'resHealth-1', 'res1', 0, 3, 3); // far from the hospital, same district
    expect(sameDistrict.treasury).toBe(withHospital.treasury + 1);
    const otherDistrict = build(withHospital, 'resHealth-1', 'res1', 0, 0, 0);
    expect(otherDistrict.treasury).toBe(withHospital.treasury);
    // A Stage I clinic in the same spot would not reach (3,3).
    const withClinic = build(ab, 'clinic-1', null, 0, 4, 0);
    expect(build(withClinic, 'resHealth-1', 'res1', 0, 3, 3).treasury).toBe(withClinic.treasury);
  });

  it('pays nothing for zone cards, and a zone card takes any tile of its own category only', () => {
    const state = ok(turnState({ hands: [['comSafety-1']] }), 0, { type: 'play', card: 'comSafety-1' });
    const tiles = game.legalActions(state, 0).filter((a) => a.type === 'chooseTile').map((a) => (a.type === 'chooseTile' ? a.tile : ''));
    expect(tiles).toEqual(['com1', 'com2', 'com3L', 'com4T']);
    refused(state, 0, { type: 'chooseTile', tile: 'res1' }, 'WRONG_TILE');
    refused(state, 0, { type: 'chooseTile', tile: 'clinic' }, 'WRONG_TILE');
    const built = ok(ok(ok(state, 0, { type: 'chooseTile', tile: 'com4T' }), 0, { type: 'orient', orientation: 0 }), 0, { type: 'place', x: 0, y: 0 });
    expect(built.treasury).toBe(state.treasury + 1); // commercial zones earn 1 (edition)
    expect(built.supply[8]).toBe(state.supply[8]! - 1);
  });
  it('refuses a zone card when its category\'s tiles are sold out, and offers only tiles still in the supply', () => {
    const base = turnState({ hands: [['resHealth-1']] });
    const soldOut = { ...base, supply: base.supply.map((n, i) => (TILES[i]!.category === 'residential' ? 0 : n)) };
    refused(soldOut, 0, { type: 'play', card: 'resHealth-1' }, 'TILE_SOLD_OUT');
    const onlySquares = { ...base, supply: base.supply.map((n, i) => (TILES[i]!.category === 'residential' && TILES[i]!.id !== 'res4' ? 0 : n)) };
    const played = ok(onlySquares, 0, { type: 'play', card: 'resHealth-1' });
    expect(game.legalActions(played, 0)).toEqual([{ type: 'chooseTile', tile: 'res4' }, { type: 'cancel' }]);
    refused(played, 0, { type: 'chooseTile', tile: 'res1' }, 'WRONG_TILE');
  });
});

describe('tile placement', () => {
  it('refuses the edge of the grid and face-down pieces', () => {
    const state = prepare(turnState(), 'resHealth-1', 'res2', 0);
    refused(state, 0, { type: 'place', x: 14, y: 0 }, 'OFF_THE_EDGE');
    refused(state, 0, { type: 'place', x: 4, y: 0 }, 'OFF_THE_EDGE'); // (5,0) lies on face-down piece B
    const vertical = prepare(turnState(), 'resHealth-1', 'res2', 1);
    refused(vertical, 0, { type: 'place', x: 0, y: 3 }, 'OFF_THE_EDGE'); // (0,4) lies on face-down piece D
  });

  it('refuses tiles across streets, on water, or on other tiles', () => {
    const state = prepare(turnState(), 'resHealth-1', 'res2', 0);
    refused(state, 0, { type: 'place', x: 2, y: 0 }, 'ACROSS_STREET'); // street between columns 2 and 3
    const vertical = prepare(turnState(), 'resHealth-1', 'res2', 1);
    refused(vertical, 0, { type: 'place', x: 0, y: 1 }, 'ACROSS_STREET'); // street between rows 1 and 2 on the left
    refused(prepare(turnState(), 'resHealth-1', 'res1', 0), 0, { type: 'place', x: 4, y: 1 }, 'ON_WATER');
    const taken = build(turnState(), 'clinic-1', null, 0, 0, 0);
    refused(prepare(taken, 'resHealth-1', 'res1', 0), 0, { type: 'place', x: 1, y: 0 }, 'SQUARE_TAKEN');
  });

  it('lists exactly the anchors that apply', () => {
    const state = prepare(build(turnState(), 'clinic-1', null, 0, 0, 0), 'resHealth-1', 'res2', 0);
    const places = game.legalActions(state, 0).filter((a) => a.type === 'place');
    for (let x = 0; x < 15; x++) {
      for (let y = 0; y < 8; y++) {
        const listed = places.some((a) => a.type === 'place' && a.x === x && a.y === y);
        expect('state' in game.apply(state, 0, { type: 'place', x, y }), `${x},${y}`).toBe(listed);
      }
    }
    expect(places).toContainEqual({ type: 'place', x: 3, y: 0 });
    expect(places).not.toContainEqual({ type: 'place', x: 2, y: 0 });
  });

  it('lets a tile be turned and turned over (8 orientations, duplicates listed once)', () => {
    const l = ok(turnState({ hands: [['resHealth-1']] }), 0, { type: 'play', card: 'resHealth-1' });
    const orientations = (tile: string) =>
      game.legalActions(ok(l, 0, { type: 'chooseTile', tile }), 0).filter((a) => a.type === 'orient').length;
    expect(orientations('res1')).toBe(1);
    expect(orientations('res2')).toBe(2);
    expect(orientations('res3L')).toBe(4);
    const mirrored = build(turnState(), 'resHealth-1', 'res3L', 4, 0, 0); // L turned over
    expect(mirrored.tiles[0]!.squares).toEqual([square(0, 0), square(1, 0), square(1, 1)]);
  });

  it('allows only one utility building per city district', () => {
    const withWind = build(turnState(), 'wind-1', null, 0, 0, 0);
    refused(prepare(withWind, 'oil-1', null, 0), 0, { type: 'place', x: 0, y: 1 }, 'ONE_UTILITY_PER_DISTRICT');
    refused(prepare(withWind, 'waterTower-1', null, 0), 0, { type: 'place', x: 2, y: 1 }, 'ONE_UTILITY_PER_DISTRICT');
    const other = build(withWind, 'waterTower-1', null, 0, 0, 3);
    expect(other.bars.water).toBe(withWind.bars.water + 2);
    // Services are not utilities: a clinic still fits beside the wind turbine.
    expect(build(withWind, 'clinic-1', null, 0, 1, 0).tiles).toHaveLength(2);
  });

  it('refuses a utility card when every district already has one', () => {
    let state = turnState({ treasury: 30 });
    state = build(state, 'wind-1', null, 0, 0, 0);
    state = build(state, 'wind-2', null, 0, 0, 3);
    state = build(state, 'waterTower-1', null, 0, 3, 0);
    refused({ ...state, hands: [['pump-1']] }, 0, { type: 'play', card: 'pump-1' }, 'NO_ROOM');
    expect(game.legalActions({ ...state, hands: [['pump-1']] }, 0)).not.toContainEqual({ type: 'play', card: 'pump-1' });
  });
});

describe('city districts', () => {
  it('are areas bounded by streets and the edge of the face-up pieces, water included', () => {
    const onlyA = districtsOf([true, false, false, false, false, false]);
    expect(onlyA.map((d) => d.squares.length)).toEqual([6, 8, 6]);
    expect(onlyA[1]!.squares).toContain(square(4, 1)); // the water square belongs to its district
  });

  it('extend over several board pieces where no street runs along the border', () => {
    const map = districtMap([true, true, false, false, false, false]);
    expect(map[square(3, 0)]).toBe(map[square(6, 1)]);
    expect(map[square(3, 3)]).not.toBe(map[square(5, 3)]); // a street runs along this part of the border
    expect(map[square(0, 0)]).not.toBe(map[square(3, 0)]);
    expect(districtsOf([true, true, false, false, false, false])).toHaveLength(6);
    // A tile may straddle the border, and the district's one utility counts across it.
    const ab = turnState({}, [A, B]);
    const straddle = build(ab, 'resHealth-1', 'res2', 0, 4, 0);
    expect(straddle.tiles[0]!.squares).toEqual([square(4, 0), square(5, 0)]);
    const wind = build(ab, 'wind-1', null, 0, 3, 0);
    refused(prepare(wind, 'waterTower-1', null, 0), 0, { type: 'place', x: 5, y: 1 }, 'ONE_UTILITY_PER_DISTRICT');
  });

  it('every district of every set of face-up pieces has land to build on', () => {
    for (let mask = 1; mask < 64; mask++) {
      const faceUp = Array.from({ length: 6 }, (_, p) => (mask & (1 << p)) !== 0);
      for (const district of districtsOf(faceUp)) expect(district.squares.some((s) => !WATER[s])).toBe(true);
    }
  });
});
