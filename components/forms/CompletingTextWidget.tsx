import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import './completions.css';

/** What a form with completions gives its text fields (rjsf `formContext`). */
export interface CompletionContext {
  /** Suggestions for the field `name` at `value`, the form's other filled fields as context. */
  complete: (name: string, value: string) => Promise<string[]>;
}

/** Typing pauses this long before the server is asked: one request per pause, not per key. */
const DEBOUNCE_MS = 150;

/**
 * A text field that suggests values from the server (`completion/complete`), as an ARIA 1.2
 * combobox: typing asks (debounced), ↓/↑ move through the list, Enter takes the highlighted
 * value, Escape closes the list. Only the newest question's answer is shown: an older one that
 * arrives late is dropped.
 */
export function CompletingTextWidget(props: WidgetProps) {
  const { id, name, value, required, disabled, readonly, autofocus, placeholder, label, options, onChange, onBlur, onFocus, registry } = props;
  const context = registry.formContext as CompletionContext | undefined;
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const ask = (text: string, delay = DEBOUNCE_MS) => {
    clearTimeout(timer.current);
    const ticket = ++latest.current;
    if (!context) return;
    timer.current = setTimeout(() => {
      context.complete(name, text).then(
        (values) => {
          if (ticket !== latest.current) return;
          setSuggestions(values);
          setActive(-1);
          // A list holding only what is already typed has nothing to offer.
          setOpen(values.length > 0 && !(values.length === 1 && values[0] === text));
        },
        () => ticket === latest.current && setOpen(false),
      );
    }, delay);
  };
  const close = () => {
    ++latest.current;
    clearTimeout(timer.current);
    setOpen(false);
    setActive(-1);
  };
  const pick = (suggestion: string) => {
    onChange(suggestion);
    close();
  };
  const text = typeof value === 'string' ? value : value == null ? '' : String(value);
  const listId = `${id}-suggestions`;
  const optionId = (index: number) => `${id}-suggestion-${index}`;

  return (
    <div class="combobox">
      <input
        id={id}
        name={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        aria-describedby={ariaDescribedByIds(id)}
        autocomplete="off"
        value={text}
        placeholder={placeholder}
        required={required}
        disabled={disabled}
        readOnly={readonly}
        // biome-ignore lint/a11y/noAutofocus: rjsf's own option, off unless a uiSchema asks for it
        autoFocus={autofocus}
        onInput={(event) => {
          const typed = event.currentTarget.value;
          onChange(typed === '' ? options.emptyValue : typed);
          ask(typed);
        }}
        onFocus={(event) => onFocus(id, event.currentTarget.value)}
        onBlur={(event) => {
          close();
          onBlur(id, event.currentTarget.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            if (open) setActive((active + 1) % suggestions.length);
            else ask(text, 0);
          } else if (event.key === 'ArrowUp' && open) {
            event.preventDefault();
            setActive(active <= 0 ? suggestions.length - 1 : active - 1);
          } else if (event.key === 'Enter' && open && active >= 0) {
            event.preventDefault();
            pick(suggestions[active]!);
          } else if (event.key === 'Escape' && open) {
            event.preventDefault();
            event.stopPropagation();
            close();
          }
        }}
      />
      <div id={listId} role="listbox" aria-label={t('forms.suggestions', { field: label || name })} class="suggestions" hidden={!open}>
        {open &&
          suggestions.map((suggestion, index) => (
            <div
              key={suggestion}
              id={optionId(index)}
              role="option"
              // Focus stays in the field (aria-activedescendant); -1 keeps options out of the Tab order.
              tabIndex={-1}
              aria-selected={index === active}
              // Keeps focus in the field: a click that blurred it would close the list before it counts.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(suggestion);
              }}
            >
              <bdi dir="auto" data-from="server">
                {suggestion}
              </bdi>
            </div>
          ))}
      </div>
    </div>
  );
}
