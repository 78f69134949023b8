import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, isInputObjectType, isObjectType } from 'graphql';
import { z } from 'zod';
import { ShapeOf, declaredShapes, type ShapeDeclaration } from './shape-of';
import { graphqlFields, schemaFields } from './shape-comparison';
// Loads every resolver, so every GraphQL type and its declaration.
import '../schema';

const printed = buildSchema(
  readFileSync(path.resolve(__dirname, '../../../../proto/schema.graphql'), 'utf8'),
);

describe('each GraphQL type declared the shape of a proto schema', () => {
  const declared = [...declaredShapes()];

  // Every type declared today: a declaration dropped fails here. Raise them with each type declared.
  it('has every declaration to check', () => {
    const inputs = declared.filter(([name]) => isInputObjectType(printed.getType(name)));
    expect(declared.length - inputs.length).toBeGreaterThanOrEqual(87);
    expect(inputs.length).toBeGreaterThanOrEqual(30);
  });

  // An input type is compared with what a client may send its operation's request (zod's input).
  it.each(declared)(
    '%s has the fields of its schema, with their types and nullability',
    (name, declaration) => {
      const type = printed.getType(name);
      expect(isObjectType(type) || isInputObjectType(type)).toBe(true);
      if (!isObjectType(type) && !isInputObjectType(type)) return;
      const io = isInputObjectType(type) ? 'input' : 'output';
      const expected = Object.fromEntries(schemaFields(declaration, io));
      const actual = Object.fromEntries(graphqlFields(type.getFields(), declaration));
      expect(actual).toEqual(expected);
    },
  );
});

describe('the comparison itself', () => {
  const View = z.object({
    id: z.number().int(),
    user_id: z.number().int(),
    note: z.string().nullable(),
    status: z.union([z.literal(0), z.literal(1)]),
    family: z.enum(['tl', 'tr']),
    tags: z.array(z.string()),
    kind: z.enum(['job', 'event']),
    before: z.record(z.string(), z.unknown()).nullable(),
    tidy: z
      .string()
      .nullish()
      .transform((text) => text || null),
    secret: z.string(),
  });
  const Request = z.object({
    user_id: z.number().int(),
    name: z.string().trim().min(1),
    levels: z.number().int().default(0),
    note: z
      .string()
      .nullish()
      .transform((text) => text || null),
    tags: z.array(z.string()).default([]),
    // zod's JSON Schema calls a preprocess then a transform optional on input, though it refuses a missing value.
    names: z
      .preprocess((text) => (typeof text === 'string' ? text.split(',') : text), z.array(z.string()))
      .transform((names) => names.filter(Boolean)),
    avoid: z.boolean(),
    family: z.enum(['tl', 'tr']),
  });
  const sdl = buildSchema(`
    scalar JSONObject
    enum Family { tl tr }
    type Good {
      id: Int! userId: Int! note: String status: Int! family: Family! tags: [String!]! kind: String!
      before: JSONObject tidy: String sequence: Float!
    }
    type Drifted {
      id: Float! userId: Int note: String! status: Int! family: String! tags: [String!]! kind: String
      before: JSONObject tidy: String
    }
    input GoodInput {
      name: String! levels: Int note: String tags: [String!]! = [] names: [String!]! avoid: Boolean! = false
      family: Family!
    }
    input DriftedInput {
      name: String levels: Int! note: String tags: [String!]! names: [String!]! avoid: Boolean! = false
      family: Family! more: Int
    }
  `);
  const declaration = {
    schema: View,
    omits: ['secret'],
    adds: ['sequence'],
    retypes: { kind: 'String', tidy: 'String' },
  };
  // The request's `user_id` is the caller's, filled by the resolver; `avoid` has a GraphQL default where the
  // request requires it.
  const requestDeclaration = { schema: Request, omits: ['userId'], nullability: ['avoid'] };
  const compare = (name: string, shape: ShapeDeclaration = declaration) => {
    const type = sdl.getType(name);
    if (!isObjectType(type) && !isInputObjectType(type)) throw new Error(name);
    return [
      Object.fromEntries(graphqlFields(type.getFields(), shape)),
      Object.fromEntries(schemaFields(shape, isInputObjectType(type) ? 'input' : 'output')),
    ];
  };

  it('finds a type equal to its schema, less what it omits, adds and retypes', () => {
    const [actual, expected] = compare('Good');
    expect(actual).toEqual(expected);
  });

  it('tells a changed type, a lost non-null, a new null and an enum flattened to a string', () => {
    const [actual, expected] = compare('Drifted');
    expect(actual).not.toEqual(expected);
    expect(actual!.id).toEqual({ type: 'Float', nullable: false });
    expect(expected!.id).toEqual({ type: 'Int', nullable: false });
    expect(actual!.userId!.nullable).toBe(true);
    expect(actual!.note!.nullable).toBe(false);
    expect(expected!.family!.type).toBe('enum(tl|tr)');
  });

  it('compares a retyped field by the type it is declared as, and still by its nullability', () => {
    const [actual, expected] = compare('Drifted');
    expect(actual!.kind).toEqual({ type: 'String', nullable: true });
    expect(expected!.kind).toEqual({ type: 'String', nullable: false });
  });

  it('finds an input type equal to what a client may send the request: a default leaves a field optional', () => {
    const [actual, expected] = compare('GoodInput', requestDeclaration);
    expect(actual).toEqual(expected);
    expect(expected!.levels).toEqual({ type: 'Int', nullable: true });
    expect(expected!.names).toEqual({ type: '[String]', nullable: false });
    // What the service reads of it always has one.
    expect(schemaFields(requestDeclaration).get('levels')).toEqual({ type: 'Int', nullable: false });
  });

  it('tells an input letting a required field be null, requiring an optional one, or offering one not taken', () => {
    const [actual, expected] = compare('DriftedInput', requestDeclaration);
    expect(actual).not.toEqual(expected);
    expect(actual!.name!.nullable).toBe(true);
    expect(expected!.name!.nullable).toBe(false);
    expect(actual!.levels!.nullable).toBe(false);
    expect(actual!.tags!.nullable).toBe(false);
    expect(expected!.tags!.nullable).toBe(true);
    expect(expected!.more).toBeUndefined();
  });

  it('registers a declaration by class name', () => {
    @ShapeOf(View, { omits: ['secret'] })
    class ShapeTestType {}
    expect(declaredShapes().get(ShapeTestType.name)?.omits).toEqual(['secret']);
  });
});
