import { isDestructive } from '@/lib/tools';
import type { Tool } from '@modelcontextprotocol/client';
import { memo } from 'preact/compat';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { SavedCall } from '@/lib/savedCalls';
import { Icon } from '../content/Icon';
import { SchemaForm } from '../forms/SchemaForm';
import { useActions } from '../shared/actions';

export interface ToolCardProps {
  serverId: string;
  /** For the tool's icon: only its own server's origin may serve it. */
  serverUrl: string;
  tool: Tool;
  /** This tool's saved calls on this server, oldest first. */
  saved?: SavedCall[];
  /** Arguments to put in the form (Edit arguments, or Load of a saved call); a new `nonce` puts them in again. */
  draft?: ArgumentsDraft;
}

export interface ArgumentsDraft {
  serverId: string;
  tool: string;
  args: Record<string, unknown>;
  nonce: number;
}

const NO_SAVED: SavedCall[] = [];

/** Badges from the tool's annotations; spec: hints from an untrusted server, shown as such. */
function badges(tool: Tool): Array<{ label: string; tone: string }> {
  const hints = tool.annotations ?? {};
  const list: Array<{ label: string; tone: string }> = [];
  if (hints.readOnlyHint) list.push({ label: 'read-only', tone: 'ok' });
  if (isDestructive(tool)) list.push({ label: 'destructive', tone: 'danger' });
  if (hints.idempotentHint) list.push({ label: 'idempotent', tone: 'neutral' });
  if (hints.openWorldHint) list.push({ label: 'open-world', tone: 'neutral' });
  return list;
}

/** Whether the inputSchema has anything to fill in; without it the form stays, hidden, for Run to submit. */
function takesArguments(tool: Tool): boolean {
  const schema = tool.inputSchema as Record<string, unknown>;
  const properties = schema.properties as Record<string, unknown> | undefined;
  if (properties && Object.keys(properties).length > 0) return true;
  return Boolean(schema.additionalProperties) || ['oneOf', 'anyOf', 'allOf', '$ref'].some((key) => key in schema);
}

const needsInput = (tool: Tool) => {
  const { properties = {}, required = [] } = tool.inputSchema as { properties?: Record<string, { default?: unknown }>; required?: string[] };
  return required.some((name) => properties[name]?.default === undefined);
};

/**
 * A tool with its Run button and arguments form (built from its own inputSchema). Run
 * calls at once with the form's current values; a tool marked destructive asks first.
 */
export const ToolCard = memo(function ToolCard({ serverId, serverUrl, tool, saved = NO_SAVED, draft }: ToolCardProps) {
  const { callTool, editArguments, deleteSavedCall } = useActions();
  const [confirming, setConfirming] = useState(false);
  const card = useRef<HTMLElement>(null);
  const formId = `tool-${serverId}-${tool.name}`;
  const destructive = isDestructive(tool);
  // Loaded arguments show at once: the card comes into view with its first field focused.
  useEffect(() => {
    if (!draft || !card.current) return;
    card.current.scrollIntoView({ block: 'nearest' });
    card.current.querySelector<HTMLElement>('.arguments input, .arguments select, .arguments textarea')?.focus();
  }, [draft]);
  const form = (
    <SchemaForm
      key={draft?.nonce}
      formId={formId}
      idPrefix={`${serverId}-${tool.name}`}
      schema={tool.inputSchema}
      initial={draft?.args}
      onSubmit={(args) => {
        setConfirming(false);
        callTool(serverId, tool.name, args);
      }}
    />
  );
  return (
    <article ref={card} class="tool card" aria-label={`Tool ${tool.name}`}>
      <header>
        <h3>
          <Icon icons={tool.icons} serverUrl={serverUrl} size={16} />
          {tool.title ?? tool.annotations?.title ?? tool.name}
        </h3>
        <button
          type="submit"
          form={formId}
          onClick={(event) => {
            if (destructive && !confirming) {
              event.preventDefault();
              setConfirming(true);
            }
          }}
        >
          Run {tool.name}
        </button>
      </header>
      <div class="badges">
        {tool.title && tool.title !== tool.name && <code class="muted">{tool.name}</code>}
        {badges(tool).map(({ label, tone }) => (
          <span key={label} class={`badge tone-${tone}`}>
            {label}
          </span>
        ))}
      </div>
      {tool.description && <p class="muted description">{tool.description}</p>}
      {confirming && (
        <div role="alertdialog" aria-label={`Confirm ${tool.name}`} class="confirm">
          <p>{tool.name} is marked destructive by its server. Run it?</p>
          <div class="actions">
            <button type="submit" form={formId} class="danger">
              Run anyway
            </button>
            <button type="button" class="secondary" onClick={() => setConfirming(false)}>
              Don’t run
            </button>
          </div>
        </div>
      )}
      {saved.length > 0 && (
        <details class="saved-calls">
          <summary>Saved calls ({saved.length})</summary>
          <ul class="plain" aria-label={`Saved calls of ${tool.name}`}>
            {saved.map((call) => (
              <li key={call.id} class="saved-call">
                <span class="saved-name">{call.name}</span>
                {/* A destructive tool asks first: its saved calls load into the form, whose Run asks. */}
                {!destructive && (
                  <button
                    type="button"
                    class="secondary"
                    aria-label={`Run saved call ${call.name}`}
                    onClick={() => callTool(serverId, tool.name, call.arguments)}
                  >
                    Run
                  </button>
                )}
                <button
                  type="button"
                  class="secondary"
                  aria-label={`Load saved call ${call.name}`}
                  onClick={() => editArguments(serverId, tool.name, call.arguments)}
                >
                  Load
                </button>
                <button type="button" class="link" aria-label={`Delete saved call ${call.name}`} onClick={() => deleteSavedCall(call.id)}>
                  Delete
                </button>
              </li>
            ))}
          </ul>
        </details>
      )}
      {takesArguments(tool) ? (
        <details class="arguments" open={needsInput(tool) || draft !== undefined}>
          <summary>Arguments</summary>
          {form}
        </details>
      ) : (
        <div hidden>{form}</div>
      )}
    </article>
  );
});
