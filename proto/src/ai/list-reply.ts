import { z } from 'zod';
import { type ListFamily } from '../enums';

/**
 * What a structured (JSON-schema) reply to a list prompt holds. The SPEC §5 cleaning applies after parsing, as to a
 * text reply: the schema fixes the reply's shape, not what the items may say.
 */
export const ItemsReply = z.strictObject({ items: z.array(z.string()) });
/** Elements come in categories of at least 2 items each (SPEC §5). */
export const CategoriesReply = z.strictObject({
  categories: z.array(z.strictObject({ name: z.string(), items: z.array(z.string()) })),
});

export const listReplySchemaOf = (family: ListFamily) => (family === 'bl' ? CategoriesReply : ItemsReply);

/** The JSON schema a provider with structured output is asked to follow, built from the zod schema above. */
export function listReplyJsonSchema(family: ListFamily): { name: string; schema: Record<string, unknown> } {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(listReplySchemaOf(family));
  return { name: family === 'bl' ? 'element_categories' : 'list_items', schema };
}

/** A parsed structured reply as the lines today's text parsing reads ("item" or "Category: a, b"). */
export function listReplyAsLines(
  reply: z.infer<typeof ItemsReply> | z.infer<typeof CategoriesReply>,
): string {
  if ('categories' in reply) {
    return reply.categories.map((category) => `${category.name}: ${category.items.join(', ')}`).join('\n');
  }
  return reply.items.join('\n');
}
