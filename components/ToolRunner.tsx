import type { Tool } from '@modelcontextprotocol/client';
import { SchemaForm } from './SchemaForm';

export interface ToolRunnerProps {
  serverId: string;
  tool: Tool;
  onRun: (args: Record<string, unknown>) => void;
}

/** A tool with its Run form, built from the tool's own inputSchema. */
export function ToolRunner({ serverId, tool, onRun }: ToolRunnerProps) {
  return (
    <article class="tool" aria-label={tool.name}>
      <h4>{tool.title ?? tool.annotations?.title ?? tool.name}</h4>
      {tool.description && <p class="muted">{tool.description}</p>}
      <SchemaForm idPrefix={`${serverId}-${tool.name}`} schema={tool.inputSchema} onSubmit={onRun}>
        <div class="actions">
          <button type="submit">Run {tool.name}</button>
        </div>
      </SchemaForm>
    </article>
  );
}
