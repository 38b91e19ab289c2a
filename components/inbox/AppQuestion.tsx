import { useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import type { Answer } from '@/lib/request';
import type { InboxItem } from '@/lib/state';
import { SchemaForm } from '../forms/SchemaForm';
import { EndButtons } from './EndButtons';
import { RequestApp, type RequestAppProps } from './RequestApp';

export interface AppQuestionProps {
  request: InboxItem;
  resourceUri: string;
  ports: RequestAppProps['ports'];
  answer: (answer: Answer) => void;
  decline: () => void;
  cancel: () => void;
}

/**
 * A question its server bound to an app (SEP-3118): the app, with the plain form from the same
 * schema one click away (open at once when the app cannot be used), and Decline and Cancel as
 * the card's own buttons. Declining or cancelling closes the app first, so nothing it sends
 * afterwards can reach the worker.
 */
export function AppQuestion({ request, resourceUri, ports, answer, decline, cancel }: AppQuestionProps) {
  const [problem, setProblem] = useState<{ text: string; stopped: boolean } | null>(null);
  const [ended, setEnded] = useState(false);
  const end = (then: () => void) => () => {
    setEnded(true);
    then();
  };
  const stopped = ended || problem?.stopped === true;
  return (
    <>
      {!stopped && (
        <RequestApp
          request={request}
          resourceUri={resourceUri}
          ports={ports}
          onAnswer={(sent) => !ended && answer(sent)}
          onProblem={(text, hasStopped) => setProblem({ text, stopped: hasStopped })}
        />
      )}
      {problem && (
        <p role="alert" class="error app-problem">
          {problem.text}
        </p>
      )}
      <details class="app-fallback" open={problem?.stopped}>
        <summary>{t('inbox.app.formInstead')}</summary>
        <SchemaForm
          idPrefix={request.id}
          schema={request.data?.schema ?? { type: 'object', properties: {} }}
          onSubmit={(data) => answer({ id: request.id, ok: true, data })}
        >
          <div class="actions">
            <button type="submit">{t('inbox.request.submit')}</button>
          </div>
        </SchemaForm>
      </details>
      <div class="actions">
        <EndButtons decline={end(decline)} cancel={end(cancel)} />
      </div>
    </>
  );
}
