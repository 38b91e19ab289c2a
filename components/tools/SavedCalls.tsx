import type { SavedCall } from '@/lib/savedCalls';
import { t } from '@/lib/i18n';
import { useActions } from '../shared/actions';
import { Foreign } from '../shared/Foreign';

export interface SavedCallsProps {
  serverId: string;
  tool: string;
  /** A destructive tool asks first: its saved calls load into the form, whose Run asks. */
  destructive: boolean;
  saved: SavedCall[];
}

/** A tool's saved calls, each with Run, Load and Delete. */
export function SavedCalls({ serverId, tool, destructive, saved }: SavedCallsProps) {
  const { callTool, editArguments, deleteSavedCall } = useActions();
  if (saved.length === 0) return null;
  return (
    <details class="saved-calls">
      <summary>{t('tools.saved.summary', { count: saved.length })}</summary>
      <ul class="plain" aria-label={t('tools.saved.label', { tool })}>
        {saved.map((call) => (
          <li key={call.id} class="saved-call">
            <span class="saved-name">
              <Foreign text={call.name} from="person" />
            </span>
            {!destructive && (
              <button
                type="button"
                class="secondary"
                aria-label={t('tools.saved.runLabel', { name: call.name })}
                onClick={() => callTool(serverId, tool, call.arguments)}
              >
                {t('tools.saved.run')}
              </button>
            )}
            <button
              type="button"
              class="secondary"
              aria-label={t('tools.saved.loadLabel', { name: call.name })}
              onClick={() => editArguments(serverId, tool, call.arguments)}
            >
              {t('tools.saved.load')}
            </button>
            <button
              type="button"
              class="link"
              aria-label={t('tools.saved.deleteLabel', { name: call.name })}
              onClick={() => deleteSavedCall(call.id)}
            >
              {t('tools.saved.delete')}
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
