import type { ComponentChildren } from 'preact';
import { formatNumber, t, tn, uiDirection } from '@/lib/i18n';

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
  /** Beside the tab list, outside it (a tab list holds only tabs). */
  aside?: ComponentChildren;
  children: ComponentChildren;
}

/** The tab a key moves to from `index`, or null for a key tabs do not use. */
function target(key: string, index: number, count: number): number | null {
  // The arrow that points along the row goes to the next tab: ← in a right-to-left panel (WAI-ARIA APG, tabs).
  const [next, previous] = uiDirection() === 'rtl' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowRight', 'ArrowLeft'];
  if (key === next) return (index + 1) % count;
  if (key === previous) return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * WAI-ARIA tabs: arrow keys (and Home/End) move between tabs, the panel is labelled by its
 * tab. In a narrow panel the tabs wrap to two rows (style.css) rather than scroll away.
 */
export function Tabs<K extends string>({ tabs, selected, onSelect, aside, children }: TabsProps<K>) {
  const move = (event: KeyboardEvent, index: number) => {
    const to = target(event.key, index, tabs.length);
    if (to === null) return;
    event.preventDefault();
    const next = tabs[to]!;
    onSelect(next.key);
    document.getElementById(`tab-${next.key}`)?.focus();
  };
  return (
    <>
      <div class="tabbar">
        <div class="tabs" role="tablist" aria-label={t('manifest.name')}>
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
              {tab.count ? (
                // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the tab is named from its content, and this label makes "3" read as "3 pending" in it
                <span class="count" aria-label={tn('tabs.pending', tab.count)}>
                  {formatNumber(tab.count)}
                </span>
              ) : null}
            </button>
          ))}
        </div>
        {aside}
      </div>
      <div id={`panel-${selected}`} role="tabpanel" aria-labelledby={`tab-${selected}`} class="tabpanel">
        {children}
      </div>
    </>
  );
}
