import type { ComponentChildren } from 'preact';

export interface Tab<K extends string> {
  key: K;
  label: string;
  /** A count shown beside the label (e.g. pending Requests). */
  count?: number;
}

export interface TabsProps<K extends string> {
  tabs: Tab<K>[];
  selected: K;
  onSelect: (key: K) => void;
  children: ComponentChildren;
}

/** WAI-ARIA tabs: arrow keys move between tabs, the panel is labelled by its tab. */
export function Tabs<K extends string>({ tabs, selected, onSelect, children }: TabsProps<K>) {
  const move = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = tabs[(index + step + tabs.length) % tabs.length]!;
    onSelect(next.key);
    document.getElementById(`tab-${next.key}`)?.focus();
  };
  return (
    <>
      <nav class="tabs" role="tablist" aria-label="toolnexus">
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            id={`tab-${tab.key}`}
            type="button"
            role="tab"
            class="tab"
            aria-selected={tab.key === selected}
            aria-controls={`panel-${tab.key}`}
            tabIndex={tab.key === selected ? 0 : -1}
            onClick={() => onSelect(tab.key)}
            onKeyDown={(event) => move(event, index)}
          >
            {tab.label}
            {tab.count ? <span class="count" aria-label={`${tab.count} pending`}>{tab.count}</span> : null}
          </button>
        ))}
      </nav>
      <div id={`panel-${selected}`} role="tabpanel" aria-labelledby={`tab-${selected}`} class="tabpanel">
        {children}
      </div>
    </>
  );
}
