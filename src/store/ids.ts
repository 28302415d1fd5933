/** Ids are UUIDs; a malformed one names nothing (and must not reach PostgreSQL's uuid cast as an error). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (id: string) => UUID.test(id);
