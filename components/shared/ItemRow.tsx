import type { ComponentChildren, Ref } from 'preact';
import './lists.css';
import { alongList } from './listKeys';

export interface ItemRowProps {
  /** The row's accessible name ("Tool deploy"); tests and assistive technology find it by it. */
  label: string;
  /** Distinct per row on the page: the id of what opening shows. */
  id: string;
  open: boolean;
  /** `byKeyboard`: Enter or Space pressed the toggle, so focus goes on into what opens. */
  onToggle: (open: boolean, byKeyboard: boolean) => void;
  /** In the toggle: the item's icon and name. */
  title: ComponentChildren;
  /** Beside the toggle: the row's own buttons (Run, Read, Get; Pin). */
  actions: ComponentChildren;
  /** Under the name, open or not: badges, a warning. */
  info?: ComponentChildren;
  /** Under the name while closed: the first lines of the description. */
  summary?: ComponentChildren;
  /** What opening shows: details and the form, built only then. */
  children?: ComponentChildren;
  class?: string;
  rowRef?: Ref<HTMLElement>;
}

/**
 * One tool, resource or prompt in a list: a line that opens (a disclosure button: ↓ and ↑
 * move between items, Escape goes back to the filter) and its own buttons beside it.
 */
export function ItemRow({ label, id, open, onToggle, title, actions, info, summary, children, class: className = '', rowRef }: ItemRowProps) {
  return (
    <article ref={rowRef} class={`item ${className}`} aria-label={label}>
      <div class="item-head">
        <button
          type="button"
          class="item-toggle"
          data-find-item=""
          aria-expanded={open}
          aria-controls={open ? id : undefined}
          onClick={(event) => onToggle(!open, event.detail === 0)}
          onKeyDown={alongList}
        >
          {title}
        </button>
        {actions}
      </div>
      {info}
      {!open && summary}
      {open && (
        <div id={id} class="item-details">
          {children}
        </div>
      )}
    </article>
  );
}
