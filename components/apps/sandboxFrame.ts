/**
 * The sandbox page's frame an app runs in (entrypoints/appframe.sandbox), one kept loaded ahead
 * of the next app. Split from session.ts, which drives what runs inside it.
 */
import { APP_SANDBOX, SANDBOX_PROXY_READY } from '@/lib/apps/sandbox';

/** Resolves once the sandbox page in `frame` says it is ready for the app's HTML. */
function whenReady(frame: HTMLIFrameElement): Promise<void> {
  return new Promise((resolve) => {
    const listener = (event: MessageEvent) => {
      if (event.source !== frame.contentWindow || event.origin !== 'null') return;
      if ((event.data as { method?: unknown } | null)?.method !== SANDBOX_PROXY_READY) return;
      removeEventListener('message', listener);
      resolve();
    };
    addEventListener('message', listener);
  });
}

interface SandboxFrame {
  frame: HTMLIFrameElement;
  ready: Promise<void>;
}

/** The sandbox page: its URL, and the referrer policy that keeps the add-on's UUID from the app (Firefox). */
export interface SandboxPage {
  url: string;
  referrerPolicy?: ReferrerPolicy;
}

function newSandboxFrame({ url, referrerPolicy }: SandboxPage, parent: Element): SandboxFrame {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', APP_SANDBOX);
  if (referrerPolicy) frame.referrerPolicy = referrerPolicy;
  frame.src = url;
  const ready = whenReady(frame);
  parent.append(frame);
  return { frame, ready };
}

/**
 * One sandbox frame kept loaded ahead of the next app: Chromium starts a renderer of its own
 * for a sandboxed frame, ~300 ms on a 2-core machine (bench/app-render.ts), and the next app
 * then skips it. It waits out of sight and is moved into its card with `moveBefore`, which
 * keeps a frame's document where a plain move would reload it.
 */
let spare: SandboxFrame | null = null;
let shelf: HTMLElement | null = null;

export function sandboxFrame(page: SandboxPage, holder: HTMLElement): SandboxFrame {
  const canMove = typeof (holder as { moveBefore?: unknown }).moveBefore === 'function';
  let taken: SandboxFrame | null = null;
  if (canMove && spare?.frame.isConnected) {
    taken = spare;
    (holder as unknown as { moveBefore(node: Node, child: Node | null): void }).moveBefore(taken.frame, null);
  }
  spare = null;
  if (canMove) {
    if (!shelf?.isConnected) {
      shelf = document.createElement('div');
      shelf.setAttribute('aria-hidden', 'true');
      shelf.style.cssText = 'position:fixed;left:-10000px;top:0;width:320px;height:150px;visibility:hidden';
      document.body.append(shelf);
    }
    spare = newSandboxFrame(page, shelf);
  }
  return taken ?? newSandboxFrame(page, holder);
}
