import type { components } from '../../api/openapi';

/** The milestone city view as the API sends it (OpenAPI component MilestoneCityView). */
export type MilestoneCityView = components['schemas']['MilestoneCityView'];
