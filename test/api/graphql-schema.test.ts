import { readFileSync } from 'node:fs';
import {
  buildClientSchema, buildSchema, getIntrospectionQuery, isEnumType, isInputObjectType, isInterfaceType, isIntrospectionType, isObjectType, isSpecifiedScalarType,
  printSchema, type IntrospectionQuery,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMA_PATH } from '../../src/graphql/index.js';
import { startTestApp, type TestApp } from '../support/api.js';
import { postGraphql } from '../support/graphql.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const checkedIn = readFileSync(SCHEMA_PATH, 'utf8');

describe('the GraphQL schema', () => {
  it('served is exactly the checked-in SDL (src/graphql/schema.graphql as printSchema prints it: `npm run graphql:codegen` rewrites it so)', async () => {
    const introspection = await postGraphql(t, getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, schemaDescription: true, directiveIsRepeatable: true, inputValueDeprecation: true, oneOf: true }));
    expect(introspection.errors).toBeUndefined();
    expect(`${printSchema(buildClientSchema(introspection.data as IntrospectionQuery))}\n`).toBe(checkedIn);
  });

  it('describes every type, field, argument, input field and enum value', () => {
    const schema = buildSchema(checkedIn);
    const missing: string[] = [];
    const check = (where: string, description: string | null | undefined) => {
      if (!description?.trim()) missing.push(where);
    };
    check('schema', schema.description);
    for (const type of Object.values(schema.getTypeMap())) {
      if (isIntrospectionType(type) || isSpecifiedScalarType(type)) continue;
      check(type.name, type.description);
      if (isObjectType(type) || isInterfaceType(type)) {
        for (const field of Object.values(type.getFields())) {
          check(`${type.name}.${field.name}`, field.description);
          for (const argument of field.args) check(`${type.name}.${field.name}(${argument.name})`, argument.description);
        }
      }
      if (isInputObjectType(type)) for (const field of Object.values(type.getFields())) check(`${type.name}.${field.name}`, field.description);
      if (isEnumType(type)) for (const value of type.getValues()) check(`${type.name}.${value.name}`, value.description);
    }
    expect(missing).toEqual([]);
  });

  it('uses enums and DateTime where they fit, and Relay connections for the paged lists', () => {
    const schema = buildSchema(checkedIn);
    const fieldType = (type: string, field: string) => String((schema.getType(type) as unknown as { getFields(): Record<string, { type: unknown }> }).getFields()[field]!.type);
    expect(fieldType('User', 'role')).toBe('Role!');
    expect(fieldType('GameEvent', 'kind')).toBe('EventKind!');
    expect(fieldType('UndoRequest', 'status')).toBe('UndoStatus!');
    expect(fieldType('WebhookDelivery', 'status')).toBe('WebhookDeliveryStatus!');
    expect(fieldType('Game', 'status')).toBe('GameStatus!');
    expect(fieldType('AdminEvent', 'kind')).toBe('EventKind!');
    expect(fieldType('AdminUser', 'role')).toBe('Role!');
    expect((schema.getType('GameStatus') as unknown as { getValues(): { name: string }[] }).getValues().map((value) => value.name)).toEqual(['open', 'active', 'finished', 'aborted']);
    // Every timestamp is a DateTime: no field named *At (or deadline) is left a String.
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || isIntrospectionType(type)) continue;
      for (const field of Object.values(type.getFields())) {
        if (/At$|^deadline$/.test(field.name)) expect(String(field.type), `${type.name}.${field.name}`).toMatch(/^DateTime!?$/);
      }
    }
    for (const [type, field, connection] of [['Query', 'games', 'GameConnection!'], ['Query', 'lobby', 'GameConnection!'], ['Query', 'adminGames', 'GameConnection!'], ['Query', 'webhookDeliveries', 'WebhookDeliveryConnection!'], ['Query', 'adminSearchGames', 'AdminGameConnection!'], ['Query', 'adminUsers', 'AdminUserConnection!'], ['Game', 'events', 'GameEventConnection!']] as const) {
      expect(fieldType(type, field), `${type}.${field}`).toBe(connection);
      const args = (schema.getType(type) as unknown as { getFields(): Record<string, { args: { name: string }[] }> }).getFields()[field]!.args.map((argument) => argument.name);
      expect(args, `${type}.${field}`).toEqual(expect.arrayContaining(['first', 'after']));
      expect(args, `${type}.${field}`).not.toContain('offset');
      const name = connection.slice(0, -1);
      expect(Object.keys((schema.getType(name) as unknown as { getFields(): object }).getFields())).toEqual(['edges', 'pageInfo', 'totalCount']);
    }
  });
});
