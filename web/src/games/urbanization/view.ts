import type { components } from '../../api/openapi';

/** The urbanization view as the API sends it (OpenAPI component UrbanizationView). */
export type UrbanizationView = components['schemas']['UrbanizationView'];
