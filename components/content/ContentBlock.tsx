import type { ContentBlock as Block } from '@modelcontextprotocol/client';
import { isolated, t } from '@/lib/i18n';
import { JsonView } from './JsonView';
import { InlineAudio, InlineImage } from './InlineMedia';
import { MarkdownText } from './MarkdownText';
import { ResourceContents } from './ResourceContents';
import { ResourceLinkCard } from './ResourceLinkCard';

export interface ContentBlockProps {
  /** One block of a tool result, prompt message or sampling message; unknown types are tolerated. */
  block: Block;
  /** Read a `resource_link` through its server; without it there is no Read button. */
  onRead?: (uri: string) => void;
}

const KNOWN_TYPES = new Set<string>(['text', 'image', 'audio', 'resource_link', 'resource']);

/** Text that is a JSON object or array reads better as JSON than as markdown. */
function asJson(text: string): { value: unknown } | null {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return null;
  try {
    return { value: JSON.parse(trimmed) };
  } catch {
    return null;
  }
}

function TextBlock({ text }: { text: string }) {
  const json = asJson(text);
  return json ? <JsonView value={json.value} label={t('content.json.label')} open /> : <MarkdownText text={text} />;
}

/** A block the panel cannot show: its type as the server named it, or what it lacks. */
function Unsupported({ type }: { type: unknown }) {
  return <p class="muted content-unsupported">{t('content.unsupported.type', { type: isolated(String(type).slice(0, 60)) })}</p>;
}

const Missing = ({ what }: { what: string }) => <p class="muted content-unsupported">{what}</p>;

function BlockBody({ block, onRead }: ContentBlockProps) {
  switch (block.type) {
    case 'text':
      return typeof block.text === 'string' ? <TextBlock text={block.text} /> : <Missing what={t('content.unsupported.noText')} />;
    case 'image':
      return <InlineImage data={String(block.data ?? '')} mimeType={block.mimeType} />;
    case 'audio':
      return <InlineAudio data={String(block.data ?? '')} mimeType={block.mimeType} />;
    case 'resource_link':
      return <ResourceLinkCard link={block} onRead={onRead} />;
    case 'resource':
      if (!block.resource) return <Missing what={t('content.unsupported.noResource')} />;
      return <ResourceContents contents={block.resource} />;
    default:
      return <Unsupported type={(block as { type?: unknown }).type} />;
  }
}

/**
 * Any MCP content block, safely: every server string is rendered as text or as markdown
 * without HTML, and nothing the server names is fetched by the browser.
 */
export function ContentBlock({ block, onRead }: ContentBlockProps) {
  if (block === null || typeof block !== 'object') return <Unsupported type={typeof block} />;
  // spec schema Annotations.audience: who the block is meant for, the user or the model.
  const audience = block.annotations?.audience;
  const forModelOnly = Array.isArray(audience) && audience.length > 0 && !audience.includes('user');
  // Not `content-<type>`: those classes style the inner elements (an embedded resource's box).
  const known = KNOWN_TYPES.has(block.type) ? ` content-block-${block.type}` : '';
  return (
    <div class={`content-block${known}`}>
      {forModelOnly && <p class="muted content-audience">{t('content.forModel')}</p>}
      <BlockBody block={block} onRead={onRead} />
    </div>
  );
}
