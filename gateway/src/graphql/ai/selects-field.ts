import { type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

/** Whether the operation asks for `name` under the resolved field (fragments count as asking: they may). */
export function selectsField(info: GraphQLResolveInfo, name: string): boolean {
  return info.fieldNodes.some((node) => asks(node.selectionSet, name));
}

function asks(selectionSet: SelectionSetNode | undefined, name: string): boolean {
  return (selectionSet?.selections ?? []).some((selection) => {
    if (selection.kind === 'Field') return selection.name.value === name;
    if (selection.kind === 'InlineFragment') return asks(selection.selectionSet, name);
    return true;
  });
}
