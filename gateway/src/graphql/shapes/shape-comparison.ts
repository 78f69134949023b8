import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLType,
} from 'graphql';
import { z } from 'zod';
import { graphqlFieldName, type ShapeDeclaration } from './shape-of';

/** One field as both sides describe it: 'Int', 'String', '[Int]', 'enum(a|b)', an object type's name… */
export interface FieldShape {
  type: string;
  /** Whether it may be null; of an input type, whether a client may leave it out. */
  nullable: boolean;
}

type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

function isNull(schema: JsonSchema): boolean {
  return (
    schema.type === 'null' ||
    (Array.isArray(schema.type) && schema.type.length === 1 && schema.type[0] === 'null')
  );
}

/** The GraphQL type a JSON schema of zod's output or input stands for, as a FieldShape's `type`. */
function expectedType(schema: JsonSchema): string {
  const options = (schema.anyOf ?? [schema]).filter((option) => !isNull(option));
  const constants = options.map((option) => option.const);
  if (options.length > 1 && constants.every((value) => typeof value === 'number')) return 'Int';
  if (options.length > 1 && constants.every((value) => typeof value === 'string'))
    return `enum(${[...constants].sort().join('|')})`;
  if (options.length !== 1) return 'union';
  const only = options[0]!;
  const type = Array.isArray(only.type) ? only.type.find((each) => each !== 'null') : only.type;
  if (only.enum) return `enum(${[...only.enum].map(String).sort().join('|')})`;
  if (only.const !== undefined) return typeof only.const === 'number' ? 'Int' : 'String';
  if (type === 'integer') return 'Int';
  if (type === 'number') return 'Float';
  if (type === 'string') return 'String';
  if (type === 'boolean') return 'Boolean';
  if (type === 'array') return `[${only.items ? expectedType(only.items) : 'unknown'}]`;
  if (type === 'object') return 'object';
  return 'unknown';
}

function nullableIn(schema: JsonSchema, required: boolean): boolean {
  if (!required) return true;
  if (schema.anyOf) return schema.anyOf.some(isNull);
  // {} allows anything, null too: a transform's output, which JSON Schema cannot tell.
  if (schema.type === undefined && schema.const === undefined && !schema.enum) return true;
  return Array.isArray(schema.type) && schema.type.includes('null');
}

/**
 * The schema's fields as the GraphQL type should have them, by GraphQL name: an object type presents what the
 * schema gives (`output`), an input type what a client may send the operation (`input`), where a field the client
 * may leave out (optional, nullable or with a default) is nullable.
 */
export function schemaFields(
  declaration: ShapeDeclaration,
  io: 'output' | 'input' = 'output',
): Map<string, FieldShape> {
  const json = z.toJSONSchema(declaration.schema, { io, unrepresentable: 'any' }) as JsonSchema;
  // zod's JSON Schema counts a z.preprocess followed by a pipe or a transform (a name list, `module_id`) optional
  // on input though it refuses a missing value: the field itself tells.
  const refusesMissing = (name: string) =>
    io === 'input' && !z.safeParse(declaration.schema.shape[name]!, undefined).success;
  const required = (name: string) => (json.required ?? []).includes(name) || refusesMissing(name);
  const omitted = new Set(declaration.omits ?? []);
  const flipped = new Set(declaration.nullability ?? []);
  const fields = new Map<string, FieldShape>();
  for (const [name, schema] of Object.entries(json.properties ?? {})) {
    const field = graphqlFieldName(name);
    if (omitted.has(field)) continue;
    const nullable = nullableIn(schema, required(name));
    fields.set(field, {
      type: declaration.retypes?.[field] ?? expectedType(schema),
      nullable: flipped.has(field) ? !nullable : nullable,
    });
  }
  return fields;
}

function graphqlType(type: GraphQLType): string {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return `[${graphqlType(inner.ofType)}]`;
  const named = getNamedType(inner);
  if (isEnumType(named))
    return `enum(${named
      .getValues()
      .map((value) => String(value.value))
      .sort()
      .join('|')})`;
  if (isObjectType(named) || isInputObjectType(named)) return 'object';
  // A record (z.record) travels whole as this scalar.
  if (isScalarType(named) && named.name === 'JSONObject') return 'object';
  return named.name;
}

/** The type by its GraphQL name, as a declaration's `retypes` names it: 'String', 'ListFamily', '[String]'. */
function graphqlTypeName(type: GraphQLType): string {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return `[${graphqlTypeName(inner.ofType)}]`;
  return getNamedType(inner).name;
}

/**
 * The GraphQL type's fields, less the ones the declaration says the gateway adds. An input field with a default
 * value is one the client may leave out, so it reads as nullable, as a zod `.default()` does.
 */
export function graphqlFields(
  fields: Record<string, GraphQLField<unknown, unknown> | GraphQLInputField>,
  declaration: ShapeDeclaration,
): Map<string, FieldShape> {
  const added = new Set(declaration.adds ?? []);
  const shapes = new Map<string, FieldShape>();
  for (const [name, field] of Object.entries(fields)) {
    if (added.has(name)) continue;
    const type = declaration.retypes?.[name] ? graphqlTypeName(field.type) : graphqlType(field.type);
    const defaulted = 'defaultValue' in field && field.defaultValue !== undefined;
    shapes.set(name, { type, nullable: !isNonNullType(field.type) || defaulted });
  }
  return shapes;
}
