import type { components } from '../../api/openapi';

/** The guild town view as the API sends it (OpenAPI component GuildTownView). */
export type GuildTownView = components['schemas']['GuildTownView'];
