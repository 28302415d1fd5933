import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import { DateTimeISOResolver, LocalDateResolver } from 'graphql-scalars';

/**
 * The custom scalars' behaviour. Only serialize/parse are handed to Mercurius: it copies every
 * property of a scalar resolver onto the schema's type, description included, and the checked-in
 * SDL (schema.graphql) is the one home of the documentation (the served schema must equal it).
 */
const behaviourOf = (scalar: GraphQLScalarType) => ({ serialize: scalar.serialize, parseValue: scalar.parseValue, parseLiteral: scalar.parseLiteral });

/** Timestamps as RFC 3339 strings in UTC (graphql-scalars' DateTimeISO: Date objects and ISO strings in, strings out). */
export const DateTimeScalar = behaviourOf(DateTimeISOResolver);
/** Calendar dates (rules versions) as RFC 3339 full-date strings. */
export const DateScalar = behaviourOf(LocalDateResolver);

function parseLiteral(node: ValueNode): unknown {
  switch (node.kind) {
    case Kind.STRING: case Kind.BOOLEAN: return node.value;
    case Kind.INT: case Kind.FLOAT: return Number(node.value);
    case Kind.NULL: return null;
    case Kind.LIST: return node.values.map(parseLiteral);
    case Kind.OBJECT: return Object.fromEntries(node.fields.map((field) => [field.name.value, parseLiteral(field.value)]));
    default: throw new GraphQLError('Variables inside JSON literals are not supported; pass the whole value as a variable.');
  }
}

/** Any JSON value, as is; literals in documents are read without variables inside them. */
export const JSONScalar = behaviourOf(new GraphQLScalarType({ name: 'JSON', serialize: (value) => value, parseValue: (value) => value, parseLiteral }));
