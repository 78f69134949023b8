import { getMetadataStorage } from 'type-graphql';
import { type z } from 'zod';

/**
 * What a GraphQL object type presents of a proto schema, or what of an operation's request a GraphQL input type
 * carries, and where the two knowingly differ.
 */
export interface ShapeDeclaration {
  /** The proto zod object the type presents or carries field by field (a snake_case key is the camelCase field). */
  readonly schema: z.ZodObject;
  /** Schema fields the GraphQL type leaves out (camelCase), each for a reason said where it is declared. */
  readonly omits?: readonly string[];
  /** GraphQL fields the schema has not (camelCase): what the gateway adds, such as a stream `sequence`. */
  readonly adds?: readonly string[];
  /**
   * Schema fields the GraphQL type presents as another type, by that type's GraphQL name: an enum read as
   * `String`, or a wider enum. Their nullability is still compared.
   */
  readonly retypes?: Readonly<Record<string, string>>;
  /**
   * Schema fields the GraphQL type has nullable where the schema has them not, or the other way round: of an input
   * type, a field a client may leave out because a GraphQL default fills it, where the request requires one. Their
   * types are still compared.
   */
  readonly nullability?: readonly string[];
}

const declared = new Map<{ readonly name: string }, ShapeDeclaration>();

/**
 * Declares the proto schema a GraphQL object type is the shape of, or the request schema (or the part of it) an
 * input type carries. `shapes.test.ts` proves every declared type equal to its schema field by field (names, types,
 * nullability) in the printed schema, so a field added to one and not the other fails a test instead of vanishing
 * from the API.
 */
export function ShapeOf(
  schema: z.ZodObject,
  differences: Omit<ShapeDeclaration, 'schema'> = {},
): ClassDecorator {
  return (target) => {
    declared.set(target, { schema, ...differences });
  };
}

/**
 * Every declaration, by GraphQL type name: the name `@ObjectType` or `@InputType` gives the class
 * (`SignatureObject` is 'Signature', each `pageType` class its own page name), else the class's name. Read when
 * asked, because `@ShapeOf` runs before the `@ObjectType` written above it.
 */
export function declaredShapes(): ReadonlyMap<string, ShapeDeclaration> {
  const { objectTypes, inputTypes } = getMetadataStorage();
  const graphqlName = (target: { readonly name: string }) =>
    [...objectTypes, ...inputTypes].find((type) => type.target === target)?.name ?? target.name;
  return new Map([...declared].map(([target, declaration]) => [graphqlName(target), declaration]));
}

/** The one mapping of a proto field name to its GraphQL name: snake_case to camelCase. */
export const graphqlFieldName = (protoName: string): string =>
  protoName.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());

/**
 * A GraphQL object from a proto view whose fields it presents one to one (`ShapeOf`): each field under its
 * camelCase name, with `nested` for the fields that are GraphQL objects themselves.
 */
export function fromView<T extends object>(Type: new () => T, view: object, nested: Partial<T> = {}): T {
  const fields = Object.fromEntries(
    Object.entries(view).map(([name, value]) => [graphqlFieldName(name), value]),
  );
  return Object.assign(new Type(), fields, nested);
}
