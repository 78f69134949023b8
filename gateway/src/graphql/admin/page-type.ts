import { Field, Int, ObjectType, type ClassType } from 'type-graphql';
import { type z } from 'zod';
import { type Page } from '@promptloom/proto';
import { ShapeOf } from '../shapes/shape-of';

export interface GraphQLPage<T> {
  data: T[];
  currentPage: number;
  lastPage: number;
  perPage: number;
  total: number;
}

/**
 * A page type of `item` named `name` (`ModulePage` …), the camelCase twin of the REST page envelope `schema`
 * (proto's `pageOf(item)`).
 */
export function pageType<T extends object>(
  item: ClassType<T>,
  name: string,
  schema: z.ZodObject,
): ClassType<GraphQLPage<T>> {
  @ObjectType(name, { description: `One page of ${item.name} records, oldest first.` })
  @ShapeOf(schema)
  class PageOfItems implements GraphQLPage<T> {
    @Field(() => [item]) data!: T[];
    @Field(() => Int) currentPage!: number;
    @Field(() => Int) lastPage!: number;
    @Field(() => Int) perPage!: number;
    @Field(() => Int) total!: number;
  }
  return PageOfItems;
}

export function toGraphQLPage<R, T>(page: Page<R>, present: (record: R) => T): GraphQLPage<T> {
  return {
    data: page.data.map(present),
    currentPage: page.current_page,
    lastPage: page.last_page,
    perPage: page.per_page,
    total: page.total,
  };
}

/** `page` and `perPage` arguments as the list operations read them. */
export const pageRequest = (page?: number | null, perPage?: number | null) => ({
  page: page ?? undefined,
  per_page: perPage ?? undefined,
});
