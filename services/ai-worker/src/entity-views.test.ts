import { ListItem, PreviousSettings, Selection, SubElement } from '@promptloom/proto';
import { AgentSettings } from './lists/agent-settings.entity';
import { ListItemRecord } from './lists/list-item.entity';
import { SubElementRecord } from './lists/sub-element.entity';
import { SelectionRecord } from './selection/selection.entity';

/** What each entity answers with is what its proto schema says, fresh and with every field set. */
describe("the AI worker's entities' views parse with their proto schemas", () => {
  it('a list item, fresh and with its reason, settings and status set', () => {
    const fresh = Object.assign(new ListItemRecord({ userId: 7, family: 'tl', aiResponse: 'Noir' }), {
      id: 1,
    });
    expect(ListItem.parse(fresh.toView())).toEqual(fresh.toView());
    const full = Object.assign(
      new ListItemRecord({
        userId: 7,
        family: 'bl',
        aiResponse: 'Castle',
        aiReason: 'too dark',
        reasonAt: new Date(),
        levels: 3,
        aiModel: 'gpt-4o-mini',
        frequency: 2,
        agentRole: 'painter',
        name: 'run 1',
        category: 'Buildings',
        status: 0,
      }),
      { id: 2 },
    );
    expect(ListItem.parse(full.toView())).toEqual(full.toView());
  });

  it('a sub-element, fresh and with a reason', () => {
    const row = Object.assign(
      new SubElementRecord({ elementId: 2, userId: 7, name: 'Tower', blName: 'General' }),
      {
        id: 3,
      },
    );
    expect(SubElement.parse(row.toView())).toEqual(row.toView());
    row.reason = 'taller';
    row.reasonAt = new Date();
    expect(SubElement.parse(row.toView())).toEqual(row.toView());
  });

  it("an agent's previous settings, never saved and saved", () => {
    const never = new AgentSettings(7, 'tr');
    expect(PreviousSettings.parse(never.toView())).toEqual(never.toView());
    const saved = Object.assign(new AgentSettings(7, 'bl'), {
      aiModel: 'gpt-4o-mini',
      frequency: 3,
      agentRole: 'painter',
      name: 'run 1',
      levels: 2,
      date: '2026-11-28',
    });
    expect(PreviousSettings.parse(saved.toView())).toEqual(saved.toView());
  });

  it('a selection, empty', () => {
    const selection = new SelectionRecord(7);
    expect(Selection.parse(selection.toView())).toEqual(selection.toView());
  });
});
