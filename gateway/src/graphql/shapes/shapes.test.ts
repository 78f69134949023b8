import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, isObjectType } from 'graphql';
import { z } from 'zod';
import { ShapeOf, declaredShapes } from './shape-of';
import { graphqlFields, schemaFields } from './shape-comparison';
// Loads every resolver, so every GraphQL type and its declaration.
import '../schema';

const printed = buildSchema(
  readFileSync(path.resolve(__dirname, '../../../../proto/schema.graphql'), 'utf8'),
);

describe('each GraphQL type declared the shape of a proto schema', () => {
  const declared = [...declaredShapes()];

  // Every type declared today: a declaration dropped fails here. Raise it with each type declared.
  it('has every declaration to check', () => {
    expect(declared.length).toBeGreaterThanOrEqual(87);
  });

  it.each(declared)(
    '%s has the fields of its schema, with their types and nullability',
    (name, declaration) => {
      const type = printed.getType(name);
      expect(isObjectType(type)).toBe(true);
      if (!isObjectType(type)) return;
      const expected = Object.fromEntries(schemaFields(declaration));
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
  `);
  const declaration = {
    schema: View,
    omits: ['secret'],
    adds: ['sequence'],
    retypes: { kind: 'String', tidy: 'String' },
  };
  const compare = (name: string) => {
    const type = sdl.getType(name);
    if (!isObjectType(type)) throw new Error(name);
    return [
      Object.fromEntries(graphqlFields(type.getFields(), declaration)),
      Object.fromEntries(schemaFields(declaration)),
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

  it('registers a declaration by class name', () => {
    @ShapeOf(View, { omits: ['secret'] })
    class ShapeTestType {}
    expect(declaredShapes().get(ShapeTestType.name)?.omits).toEqual(['secret']);
  });
});
