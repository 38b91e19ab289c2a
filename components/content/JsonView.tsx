export interface JsonViewProps {
  value: unknown;
  /** What the JSON is, e.g. "Structured content". */
  label: string;
  /** Shown expanded at first. */
  open?: boolean;
}

function shape(value: unknown): string {
  if (Array.isArray(value)) return `${value.length} ${value.length === 1 ? 'item' : 'items'}`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).length;
    return `${keys} ${keys === 1 ? 'key' : 'keys'}`;
  }
  return value === null ? 'null' : typeof value;
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
        {label} <span class="muted">({shape(value)})</span>
      </summary>
      <pre>{pretty(value)}</pre>
    </details>
  );
}
