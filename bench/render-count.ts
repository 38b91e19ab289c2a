/**
 * The profile build's panel only (bench/instrument.ts puts it first in the panel's entry):
 * counts each component's renders (Preact's `options.__r`, called before a component renders)
 * in `globalThis.__renders`, for `npm run bench -- --profile` to read and reset.
 */
import { options } from 'preact';

type RenderHook = (vnode: { type: unknown }) => void;
const hooks = options as unknown as { __r?: RenderHook };
const counts: Record<string, number> = {};
(globalThis as unknown as { __renders: Record<string, number> }).__renders = counts;
const before = hooks.__r;
hooks.__r = (vnode) => {
  const type = vnode.type as { displayName?: string; name?: string };
  const name = type.displayName || type.name || '(anonymous)';
  counts[name] = (counts[name] ?? 0) + 1;
  before?.(vnode);
};
