import type { Prompt } from '@modelcontextprotocol/client';
import { useRef } from 'preact/hooks';
import { highlights } from '@/lib/find';
import { t } from '@/lib/i18n';
import { promptArguments, promptSchema } from '@/lib/forms/argumentSchemas';
import { nameMarks } from '@/lib/names';
import type { ServerView } from '@/lib/state';
import { Icon } from '../content/Icon';
import { SchemaForm } from '../forms/SchemaForm';
import { useFormRow } from '../forms/useFormRow';
import { useActions } from '../shared/actions';
import { ItemRow } from '../shared/ItemRow';
import { FULL_TEXT_CHARS, idFrom, labelName, ROW_NAME_CHARS, ROW_SUMMARY_CHARS, searchable } from '../shared/items';
import { MarkedText } from '../shared/MarkedText';

export interface PromptRowProps {
  server: ServerView;
  prompt: Prompt;
  terms: readonly string[];
}

/**
 * A prompt: opened, a form of its arguments (built only then), whose Get asks the server for
 * its messages. Get on a closed row opens it when an argument is required, else gets it at once.
 */
export function PromptRow({ server, prompt, terms }: PromptRowProps) {
  const { getPrompt, complete } = useActions();
  const card = useRef<HTMLElement>(null);
  const base = `prompt-${idFrom(server.id)}-${idFrom(prompt.name)}`;
  const args = prompt.arguments ?? [];
  const row = useFormRow(card, `${base}-form`, args.length > 0);
  const [name, title, description] = searchable(prompt);
  const label = labelName(prompt.name);
  const get = () => {
    if (args.length === 0) getPrompt(server.id, prompt.name, {});
    else if (!row.open && args.some((arg) => arg.required)) row.focus();
    else row.submit();
  };
  return (
    <ItemRow
      rowRef={card}
      label={t('prompts.row.label', { name: label })}
      id={`${base}-details`}
      class="prompt-item"
      open={row.open}
      onToggle={row.toggle}
      title={
        <>
          <Icon icons={prompt.icons} serverUrl={server.url} size={16} />
          <span class="item-name">
            {prompt.title ? (
              <MarkedText text={prompt.title} hits={highlights(title!, terms)} max={ROW_NAME_CHARS} />
            ) : (
              <MarkedText text={prompt.name} hits={highlights(name!, terms)} marks={nameMarks(prompt.name)} max={ROW_NAME_CHARS} />
            )}
          </span>
          {prompt.title && prompt.title !== prompt.name && (
            <code class="muted item-code" dir="ltr">
              <MarkedText text={prompt.name} hits={highlights(name!, terms)} marks={nameMarks(prompt.name)} max={ROW_NAME_CHARS} />
            </code>
          )}
        </>
      }
      actions={
        <button type="button" class="run" aria-label={t('prompts.row.getLabel', { name: label })} onClick={get}>
          {t('prompts.row.get')}
        </button>
      }
      summary={
        prompt.description && (
          <p class="muted description clamp">
            <MarkedText text={prompt.description} hits={highlights(description!, terms)} max={ROW_SUMMARY_CHARS} />
          </p>
        )
      }
    >
      {prompt.description && (
        <p class="muted description full">
          <MarkedText text={prompt.description} max={FULL_TEXT_CHARS} />
        </p>
      )}
      {args.length > 0 && (
        <SchemaForm
          formId={`${base}-form`}
          idPrefix={base}
          schema={promptSchema(prompt)}
          onSubmit={(values) => getPrompt(server.id, prompt.name, promptArguments(values))}
          complete={
            server.completions &&
            ((field, value, filled) => complete(server.id, { type: 'ref/prompt', name: prompt.name }, { name: field, value }, filled))
          }
        />
      )}
    </ItemRow>
  );
}
