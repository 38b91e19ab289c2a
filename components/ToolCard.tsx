import { isDestructive } from '@/lib/tools';
import type { Tool } from '@modelcontextprotocol/client';
import { memo } from 'preact/compat';
import { useState } from 'preact/hooks';
import { SchemaForm } from './SchemaForm';

export interface ToolCardProps {
  serverId: string;
  tool: Tool;
  /** The same for every card, so a card whose tool did not change skips rendering. */
  onRun: (serverId: string, tool: string, args: Record<string, unknown>) => void;
}

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
export const ToolCard = memo(function ToolCard({ serverId, tool, onRun }: ToolCardProps) {
  const [confirming, setConfirming] = useState(false);
  const formId = `tool-${serverId}-${tool.name}`;
  const destructive = isDestructive(tool);
  const form = (
    <SchemaForm
      formId={formId}
      idPrefix={`${serverId}-${tool.name}`}
      schema={tool.inputSchema}
      onSubmit={(args) => {
        setConfirming(false);
        onRun(serverId, tool.name, args);
      }}
    />
  );
  return (
    <article class="tool card" aria-label={`Tool ${tool.name}`}>
      <header>
        <h3>{tool.title ?? tool.annotations?.title ?? tool.name}</h3>
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
      {takesArguments(tool) ? (
        <details class="arguments" open={needsInput(tool)}>
          <summary>Arguments</summary>
          {form}
        </details>
      ) : (
        <div hidden>{form}</div>
      )}
    </article>
  );
});
