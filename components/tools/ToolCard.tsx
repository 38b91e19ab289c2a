import type { Tool } from '@modelcontextprotocol/client';
import { memo } from 'preact/compat';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { t, tn } from '@/lib/i18n';
import { nameMarks } from '@/lib/names';
import type { SavedCall } from '@/lib/savedCalls';
import { isDestructive } from '@/lib/tools';
import { Icon } from '../content/Icon';
import { SchemaForm } from '../forms/SchemaForm';
import { useFormRow } from '../forms/useFormRow';
import { useActions } from '../shared/actions';
import { ItemRow } from '../shared/ItemRow';
import { type Hits, idFrom, labelName, ROW_NAME_CHARS, ROW_SUMMARY_CHARS } from '../shared/items';
import { Foreign } from '../shared/Foreign';
import { MarkedText } from '../shared/MarkedText';
import { Message } from '../shared/Message';
import { SavedCalls } from './SavedCalls';
import { ToolDetails } from './ToolDetails';

export interface ToolCardProps {
  serverId: string;
  /** For the tool's icon (only its own server's origin may serve it) and its pin. */
  serverUrl: string;
  tool: Tool;
  /** This tool's saved calls on this server, oldest first. */
  saved?: SavedCall[];
  /** Arguments to put in the form (Edit arguments, or Load of a saved call); a new `nonce` puts them in again. */
  draft?: ArgumentsDraft;
  pinned?: boolean;
  /** Where the filter's words are in the tool's name, title, description and annotations' title (items.ts `hitsOf`). */
  hits?: Hits;
  /** Other tools of the server whose names look like this one's (lib/names.ts). */
  alike?: readonly string[];
  /** Said beside the name where the list mixes servers (Pinned). */
  serverName?: string;
  /** Where the row is, so the same tool in Pinned and in its server's group has ids of its own. */
  place?: 'group' | 'pinned';
  /** The row opened or closed (rowWindow.ts keeps an open row drawn). */
  onOpen?: (name: string, open: boolean) => void;
}

export interface ArgumentsDraft {
  serverId: string;
  tool: string;
  args: Record<string, unknown>;
  nonce: number;
}

const NO_SAVED: SavedCall[] = [];
const NO_HITS: Hits = [[], [], [], []];

/** Badges from the tool's annotations; spec: hints from an untrusted server, shown as such. */
function badges(tool: Tool): Array<{ label: string; tone: string }> {
  const hints = tool.annotations ?? {};
  const list: Array<{ label: string; tone: string }> = [];
  if (hints.readOnlyHint) list.push({ label: t('tools.badge.readOnly'), tone: 'ok' });
  if (isDestructive(tool)) list.push({ label: t('tools.badge.destructive'), tone: 'danger' });
  if (hints.idempotentHint) list.push({ label: t('tools.badge.idempotent'), tone: 'neutral' });
  if (hints.openWorldHint) list.push({ label: t('tools.badge.openWorld'), tone: 'neutral' });
  return list;
}

/** Whether the inputSchema has anything to fill in; without it Run calls at once, with no form. */
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
 * A tool in its server's list: a line with its name, badges and the first lines of its
 * description, Pin and Run; opened, its details and the arguments form, built only then
 * (from its own inputSchema). Run on a closed row opens it: a tool that needs something typed
 * waits there with focus in its form; one whose arguments all have defaults runs with them. A
 * tool marked destructive asks first.
 */
export const ToolCard = memo(function ToolCard(props: ToolCardProps) {
  const { serverId, serverUrl, tool, saved = NO_SAVED, draft, pinned = false, hits = NO_HITS, alike, serverName, place = 'group', onOpen } = props;
  const { callTool, pinTool } = useActions();
  const [confirming, setConfirming] = useState(false);
  const card = useRef<HTMLElement>(null);
  const base = `tool-${place}-${idFrom(serverId)}-${idFrom(tool.name)}`;
  const formId = `${base}-form`;
  const destructive = isDestructive(tool);
  const hasForm = takesArguments(tool);
  const row = useFormRow(card, formId, hasForm);
  const submit = () => {
    setConfirming(false);
    if (hasForm) row.submit();
    else callTool(serverId, tool.name, {});
  };
  const run = () => {
    if (destructive && !confirming) {
      if (!row.open) row.toggle(true, false);
      setConfirming(true);
    } else if (hasForm && !row.open && needsInput(tool)) row.focus();
    else submit();
  };
  useEffect(() => onOpen?.(tool.name, row.open), [row.open]);
  // Loaded arguments show at once: the row opens, comes into view, and its first field takes focus.
  useEffect(() => {
    if (!draft) return;
    row.focus();
    card.current?.scrollIntoView({ block: 'nearest' });
  }, [draft]);

  const [nameHits, titleHits, descriptionHits, annotationTitleHits] = hits;
  const shownTitle = tool.title ?? tool.annotations?.title;
  const marks = useMemo(() => nameMarks(tool.name), [tool.name]);
  const label = labelName(tool.name);
  return (
    <ItemRow
      rowRef={card}
      label={t('tools.card.label', { tool: label })}
      id={`${base}-details`}
      class="tool"
      open={row.open}
      onToggle={(opening, byKeyboard) => {
        row.toggle(opening, byKeyboard);
        if (!opening) setConfirming(false);
      }}
      title={
        <>
          <Icon icons={tool.icons} serverUrl={serverUrl} size={16} />
          <span class="item-name">
            {shownTitle ? (
              <MarkedText text={shownTitle} hits={tool.title ? titleHits : annotationTitleHits} max={ROW_NAME_CHARS} />
            ) : (
              <MarkedText text={tool.name} hits={nameHits} marks={marks} max={ROW_NAME_CHARS} />
            )}
          </span>
          {shownTitle && shownTitle !== tool.name && (
            <code class="muted item-code">
              <MarkedText text={tool.name} hits={nameHits} marks={marks} max={ROW_NAME_CHARS} />
            </code>
          )}
          {serverName && (
            <span class="muted item-server">
              <Foreign text={serverName} />
            </span>
          )}
        </>
      }
      actions={
        <>
          <button
            type="button"
            class="pin secondary"
            aria-pressed={pinned}
            aria-label={t('tools.card.pinLabel', { tool: label })}
            title={pinned ? t('tools.card.unpinTitle') : t('tools.card.pinTitle')}
            onClick={() => pinTool(serverUrl, tool.name, !pinned)}
          >
            {pinned ? '★' : '☆'}
          </button>
          <button type="button" class="run" aria-label={t('tools.card.runLabel', { tool: label })} onClick={run}>
            {t('tools.card.run')}
          </button>
        </>
      }
      info={<ToolBadges tool={tool} alike={alike} />}
      summary={
        tool.description && (
          <p class="muted description clamp">
            <MarkedText text={tool.description} hits={descriptionHits} max={ROW_SUMMARY_CHARS} />
          </p>
        )
      }
    >
      <ToolDetails tool={tool} marks={marks} alike={alike} hits={descriptionHits} />
      {confirming && (
        <div role="alertdialog" aria-label={t('tools.confirm.label', { tool: label })} class="confirm">
          <p>
            <Message id="tools.confirm.ask" values={{ tool: <Foreign text={label} /> }} />
          </p>
          <div class="actions">
            <button type="button" class="danger" onClick={submit}>
              {t('tools.confirm.run')}
            </button>
            <button type="button" class="secondary" onClick={() => setConfirming(false)}>
              {t('tools.confirm.dontRun')}
            </button>
          </div>
        </div>
      )}
      <SavedCalls serverId={serverId} tool={tool.name} destructive={destructive} saved={saved} />
      {hasForm && (
        <div class="arguments">
          <SchemaForm
            key={draft?.nonce}
            formId={formId}
            idPrefix={base}
            schema={tool.inputSchema}
            initial={draft?.args}
            onSubmit={(args) => {
              setConfirming(false);
              callTool(serverId, tool.name, args);
            }}
          />
        </div>
      )}
    </ItemRow>
  );
});

/** The tool's annotations as badges, and a warning when its name looks like another tool's (memoized: a keystroke moves neither). */
const ToolBadges = memo(function ToolBadges({ tool, alike }: { tool: Tool; alike?: readonly string[] }) {
  const list = badges(tool);
  if (list.length === 0 && !alike?.length) return null;
  return (
    <div class="badges">
      {list.map(({ label, tone }) => (
        <span key={label} class={`badge tone-${tone}`}>
          {label}
        </span>
      ))}
      {alike && alike.length > 0 && (
        <span class="lookalike-warning" title={t('tools.badge.lookalikeTitle')}>
          {'⚠ '}
          {alike.length === 1 ? (
            <Message id="tools.badge.looksLike" values={{ tool: <Foreign text={labelName(alike[0]!)} /> }} />
          ) : (
            tn('tools.badge.looksLikeMany', alike.length)
          )}
        </span>
      )}
    </div>
  );
});
