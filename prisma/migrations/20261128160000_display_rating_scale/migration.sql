-- The rating shown moves from openskill's ordinal (mu - 3 sigma, 0 for a newcomer, negative after a
-- loss) to a scale players recognise: 1500 + 48 x ordinal, never below 0 (services/rating-model.ts).
-- Monotonic, so the leaderboard keeps its order; mu and sigma are untouched.
UPDATE ratings SET rating = GREATEST(0, 1500 + (200.0 / (25.0 / 6.0)) * (mu - 3 * sigma));
