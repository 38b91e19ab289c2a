import { t, tn } from '@/lib/i18n';

export interface JsonViewProps {
  value: unknown;
  /** What the JSON is, e.g. "Structured content". */
  label: string;
  /** Shown expanded at first. */
  open?: boolean;
}

function shape(value: unknown): string {
  if (Array.isArray(value)) return tn('content.json.items', value.length);
  if (value !== null && typeof value === 'object') return tn('content.json.keys', Object.keys(value).length);
  if (value === null) return t('content.json.nullValue');
  if (typeof value === 'string') return t('content.json.string');
  if (typeof value === 'number') return t('content.json.number');
  if (typeof value === 'boolean') return t('content.json.boolean');
  return t('content.json.value');
}

function pretty(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** JSON a server sent, pretty-printed and folded behind its label (a native, keyboard-operable disclosure). */
export function JsonView({ value, label, open = false }: JsonViewProps) {
  return (
    <details class="json-view" open={open}>
      <summary>
        {label} <span class="muted">{t('content.json.shape', { shape: shape(value) })}</span>
      </summary>
      <pre dir="ltr" data-from="server">
        {pretty(value)}
      </pre>
    </details>
  );
}
