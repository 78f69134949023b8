import { aiOperations, type ListItem, type ListResponse, type RequestContext } from '@promptloom/proto';
import { call, type Bus } from '@promptloom/shared';

/**
 * A whole list, read page by page over the bus (each reply stays under the bus's largest message), starting from a
 * first page already in hand (a write's answer) or from the start. SPEC §7 bodies carry the whole list.
 */
export async function readWholeList(
  bus: Bus,
  list: { family: ListResponse['family']; user_id: number },
  context: RequestContext,
  firstPage?: ListResponse,
): Promise<ListItem[]> {
  let page =
    firstPage ??
    (await call(bus, aiOperations.getList, { family: list.family, user_id: list.user_id }, { context }));
  const items = [...page.ai_response];
  while (page.next_after_id !== null) {
    const request = { family: list.family, user_id: list.user_id, after_id: page.next_after_id };
    page = await call(bus, aiOperations.getList, request, { context });
    items.push(...page.ai_response);
  }
  return items;
}
