import { describe, expect, it } from 'vitest';
import { displayRating, initialSkill, rateTable } from '../../src/services/rating-model.js';

/** The rating shown (issue 37: "3.4 and −1.8 after one game" looked broken). */
describe('the displayed rating', () => {
  it('is 1500 for a newcomer, moves by tens of points after one game, and is never negative', () => {
    expect(displayRating(initialSkill())).toBe(1500);
    const [won, lost] = rateTable([initialSkill(), initialSkill()], [1, 2]);
    expect(displayRating(won!)).toBeGreaterThan(1550);
    expect(displayRating(lost!)).toBeLessThan(1450);
    expect(displayRating(lost!)).toBeGreaterThan(1300);
    // A player who lost every game of many stays at 0 or above.
    let worst = initialSkill();
    for (let i = 0; i < 300; i++) worst = rateTable([worst, { mu: 60, sigma: 1 }], [2, 1])[0]!;
    expect(displayRating(worst)).toBeGreaterThanOrEqual(0);
  });
});
