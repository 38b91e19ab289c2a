/**
 * Renders inside the panel's actions context, as entrypoints/sidepanel/main.tsx does:
 * `render(<RequestCard … />, withActions({ answer: onAnswer }))`. Each action not given is a
 * spy of its own, made when a component first takes it. A rerender keeps the same actions.
 */
import { type ComponentChildren, h } from 'preact';
import { vi } from 'vitest';
import { ActionsContext, type PanelActions } from '../../../components/shared/actions';

export function withActions(given: Partial<PanelActions> = {}): { wrapper: (props: { children?: ComponentChildren }) => ComponentChildren } {
  const made: Record<string | symbol, unknown> = { ...given };
  const actions = new Proxy(made, { get: (target, name) => (target[name] ??= vi.fn()) }) as unknown as PanelActions;
  return { wrapper: ({ children }) => h(ActionsContext.Provider, { value: actions }, children) };
}
