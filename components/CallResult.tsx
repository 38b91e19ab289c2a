import type { CallView } from '@/lib/messages';

export interface CallResultProps {
  call: CallView;
  serverName: string;
}

/** What a tool call returned; every server string is rendered as text. */
export function CallResult({ call, serverName }: CallResultProps) {
  const failed = call.status === 'failed' || call.result?.isError === true;
  return (
    <article class={`card call ${failed ? 'failed' : ''}`} aria-label={`Result of ${call.tool}`} aria-busy={call.status === 'running'}>
      <header>
        <strong>{call.tool}</strong> <span class="muted">on {serverName}</span>
        <span class="status">{call.status === 'running' ? 'running…' : failed ? 'error' : 'done'}</span>
      </header>
      {call.error && <p class="error">{call.error}</p>}
      {call.result?.content.map((block, index) =>
        block.type === 'text' ? (
          <pre key={index} class="text">
            {block.text}
          </pre>
        ) : (
          <p key={index} class="muted">
            [{block.type} content]
          </p>
        ),
      )}
      {call.result?.structuredContent !== undefined && (
        <details>
          <summary>Structured content</summary>
          <pre>{JSON.stringify(call.result.structuredContent, null, 2)}</pre>
        </details>
      )}
    </article>
  );
}
