import { aiOperations, type RequestContext, type SubElement } from '@promptloom/proto';
import { call, type Bus } from '@promptloom/shared';

/** All of a user's sub-elements, of every element, read page by page over the bus (each reply under its limit). */
export async function readUserSubElements(
  bus: Bus,
  userId: number,
  context: RequestContext,
): Promise<SubElement[]> {
  let page = await call(bus, aiOperations.getUserSubElements, { user_id: userId }, { context });
  const subElements = [...page.name];
  while (page.next_after_id !== null) {
    const request = { user_id: userId, after_id: page.next_after_id };
    page = await call(bus, aiOperations.getUserSubElements, request, { context });
    subElements.push(...page.name);
  }
  return subElements;
}
