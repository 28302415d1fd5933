/**
 * The printed components this board names, read from the engine's edition data (a plain constants
 * module with no rules code). The API sends ids and types; the card faces are the edition's.
 */
export { BUILDING_TYPES } from '../../../../src/games/construction-yard/data';
