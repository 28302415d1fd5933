import { gameUis } from '../games';
import type { GameAction } from '../games/types';

/**
 * The seat's legal actions as real buttons, one group per action type (in the order the engine
 * lists them), each labelled in words by the game's `describeAction`.
 */
export function ActionButtons({ type, view, actions, busy, onAction }: { type: string; view: unknown; actions: GameAction[]; busy: boolean; onAction(action: GameAction): void }) {
  const ui = gameUis[type];
  const groups = new Map<string, GameAction[]>();
  for (const action of actions) groups.set(action.type, [...(groups.get(action.type) ?? []), action]);
  return (
    <div class="actions" data-testid="legal-actions">
      {[...groups].map(([actionType, members]) => (
        <fieldset key={actionType} class="action-group">
          <legend>{ui ? ui.groupLabel(actionType) : actionType}</legend>
          <div class="action-buttons">
            {members.map((action, i) => (
              <button key={i} type="button" class="btn btn-secondary action" disabled={busy} data-action={JSON.stringify(action)} onClick={() => onAction(action)}>
                {ui ? ui.describeAction(action, view as never) : JSON.stringify(action)}
              </button>
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
