import { aiOperations, type SubElement } from '@promptloom/proto';
import { type Bus } from '@promptloom/shared';
import { callAs } from '../auth/call-as';
import { type Caller } from '../auth/caller';

/** All of the caller's sub-elements, of every element, read page by page over the bus (each reply under its limit). */
export async function readUserSubElements(caller: Caller, bus: Bus): Promise<SubElement[]> {
  const pageAfter = (afterId: number) =>
    callAs(caller, bus, aiOperations.getUserSubElements, (actor) => ({
      user_id: actor.userId,
      after_id: afterId,
    }));
  let page = await pageAfter(0);
  const subElements = [...page.name];
  while (page.next_after_id !== null) {
    page = await pageAfter(page.next_after_id);
    subElements.push(...page.name);
  }
  return subElements;
}
