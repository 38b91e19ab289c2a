/**
 * Elements found as a person finds them, by role and accessible name, using Firefox's own
 * accessibility tree (Marionette's computed role and label). A Locator is a path of queries,
 * resolved again on every action and retried until it holds, because the panel re-renders.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { PanelLocator, Role } from '../panel/contract';
import { type ElementRef, elementId, type Marionette, MarionetteError } from './marionette';

type Name = string | RegExp;

/** Elements that can have each role here; Firefox's computed role then decides. */
const CANDIDATES: Record<Role, string> = {
  article: 'article, [role=article]',
  button: 'button, [role=button], input[type=submit]',
  region: 'section, [role=region]',
  status: '[role=status], output',
  tab: '[role=tab]',
  textbox: 'input:not([type]), input[type=text], input[type=url], input[type=password], textarea',
};

type Query = { role: Role; name?: Name } | { label: string } | { css: string } | { text: string } | { first: true };

const TIMEOUT_MS = 10_000;
/** What a re-render or a card still settling causes; trying again shortly succeeds. */
const RETRIABLE = ['stale element reference', 'element not interactable', 'element click intercepted'];

// A required field's computed label ends with the form's visible "*" mark; a person reads past it.
const withoutRequiredMark = (label: string) => label.replace(/\s*\*$/, '');
const matches = (name: Name, label: string) => (typeof name === 'string' ? withoutRequiredMark(label) === name : name.test(label));

export class Locator implements PanelLocator<Locator> {
  constructor(
    private readonly marionette: Marionette,
    private readonly path: Query[] = [],
  ) {}

  private narrowed(query: Query): Locator {
    return new Locator(this.marionette, [...this.path, query]);
  }

  /** A string `name` always matches the whole name, as Playwright's `exact` does; `exact` changes nothing here. */
  getByRole(role: Role, options: { name?: Name; exact?: boolean } = {}): Locator {
    return this.narrowed({ role, name: options.name });
  }

  /** A form field (or any element) whose accessible name is `label` (past a required mark). */
  getByLabel(label: string): Locator {
    return this.narrowed({ label });
  }

  locator(css: string): Locator {
    return this.narrowed({ css });
  }

  /** An element whose own text, whitespace collapsed, is `text`. */
  getByText(text: string): Locator {
    return this.narrowed({ text });
  }

  /** The first of the elements reached so far. */
  first(): Locator {
    return this.narrowed({ first: true });
  }

  private async find(query: Exclude<Query, { first: true }>, within: ElementRef | undefined): Promise<ElementRef[]> {
    const scope = within ? { element: elementId(within) } : {};
    const using = 'text' in query ? 'xpath' : 'css selector';
    const value =
      'role' in query
        ? CANDIDATES[query.role]
        : 'label' in query
          ? 'input, select, textarea, [aria-label]'
          : 'css' in query
            ? query.css
            : `.//*[normalize-space(text())=${JSON.stringify(query.text)}]`;
    const found = await this.marionette.send<ElementRef[]>('WebDriver:FindElements', { using, value, ...scope });
    if ('css' in query || 'text' in query) return found;
    const kept: ElementRef[] = [];
    for (const element of found) {
      const id = elementId(element);
      const label = await this.marionette.send<string>('WebDriver:GetComputedLabel', { id });
      const name = 'label' in query ? query.label : query.name;
      if (name !== undefined && !matches(name, label)) continue;
      if ('role' in query && (await this.marionette.send<string>('WebDriver:GetComputedRole', { id })) !== query.role) continue;
      kept.push(element);
    }
    return kept;
  }

  /** Every element the path reaches now (no waiting, but again when the page re-rendered midway). */
  async all(): Promise<ElementRef[]> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        let scopes: (ElementRef | undefined)[] = [undefined];
        for (const query of this.path) {
          if ('first' in query) {
            scopes = scopes.slice(0, 1);
            continue;
          }
          const next: ElementRef[] = [];
          for (const scope of scopes) next.push(...(await this.find(query, scope)));
          scopes = next;
        }
        return scopes.filter((element) => element !== undefined);
      } catch (error) {
        if (!(error instanceof MarionetteError && error.error === 'stale element reference') || attempt === 5) throw error;
      }
    }
  }

  async count(): Promise<number> {
    return (await this.all()).length;
  }

  /** Runs `action` on the first element reached, retrying while there is none or it went stale. */
  private async act<T>(action: (element: ElementRef) => Promise<T>): Promise<T> {
    const deadline = Date.now() + TIMEOUT_MS;
    for (;;) {
      try {
        const [element] = await this.all();
        if (element) return await action(element);
      } catch (error) {
        const retriable = error instanceof MarionetteError && RETRIABLE.includes(error.error);
        if (!retriable || Date.now() > deadline) throw error;
      }
      if (Date.now() > deadline) throw new Error(`Nothing matched ${JSON.stringify(this.path)} within ${TIMEOUT_MS} ms`);
      await sleep(100);
    }
  }

  /** Waits until the path reaches an element, or with `state: 'detached'` until it reaches none. */
  async waitFor({ state, timeout = TIMEOUT_MS }: { state?: 'detached'; timeout?: number } = {}): Promise<void> {
    const deadline = Date.now() + timeout;
    const shownWanted = state !== 'detached';
    while ((await this.count()) > 0 !== shownWanted) {
      if (Date.now() > deadline) throw new Error(`${JSON.stringify(this.path)} ${shownWanted ? 'not' : 'still'} shown after ${timeout} ms`);
      await sleep(100);
    }
  }

  click(): Promise<unknown> {
    return this.act((element) => this.marionette.click(element));
  }

  /** Replaces the field's value by typing `text`, as a person does. */
  fill(text: string): Promise<unknown> {
    return this.act(async (element) => {
      await this.marionette.clear(element);
      await this.marionette.type(element, text);
    });
  }

  /** Picks the `<option>` of a `<select>` whose text is `label`. */
  selectOption({ label }: { label: string }): Promise<unknown> {
    return this.act(async (element) => {
      const option = await this.marionette.send<ElementRef>('WebDriver:FindElement', {
        using: 'xpath',
        value: `.//option[normalize-space()=${JSON.stringify(label)}]`,
        element: elementId(element),
      });
      await this.marionette.click(option);
    });
  }

  textContent(): Promise<string> {
    return this.act((element) => this.marionette.execute<string>('return arguments[0].textContent', [element]));
  }

  /** Scrolls the element to the middle of the view, as a person scrolls to it. */
  scrollIntoViewIfNeeded(): Promise<unknown> {
    return this.act((element) => this.marionette.execute('arguments[0].scrollIntoView({ block: "center" })', [element]));
  }

  /** Whether the element has the page's focus. */
  isFocused(): Promise<boolean> {
    return this.act((element) => this.marionette.execute<boolean>('return arguments[0] === document.activeElement', [element]));
  }
}
