import type { components } from '../../api/openapi';

/** The construction yard view as the API sends it (OpenAPI component ConstructionYardView). */
export type CYView = components['schemas']['ConstructionYardView'];
export type MoneyFace = CYView['moneyDisplay'][number];
export type Building = NonNullable<CYView['yard'][number]['building']>;
