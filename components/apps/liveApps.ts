/**
 * The apps running in this page, oldest first, at most `MAX_LIVE_APPS`: each is a document
 * and a frame the browser keeps alive (its own renderer in Chromium) while the person looks at
 * other tabs. Starting one more suspends the oldest, which its card says, with a way to start
 * it again. The worker is told which run (`tell`), again every `APP_RUNNING_REPEAT_MS`, so it
 * keeps their results in the list while they do.
 */
import { APP_RUNNING_REPEAT_MS } from '@/lib/hub/apps';

/** How many apps a page runs at once; SECURITY.md, MCP Apps. */
export const MAX_LIVE_APPS = 4;

interface LiveApp {
  id: string;
  suspend: () => void;
}

const running: LiveApp[] = [];
let tellWorker: ((activityIds: string[]) => void) | undefined;
let repeat: ReturnType<typeof setInterval> | undefined;

function tell(): void {
  tellWorker?.(running.map((app) => app.id));
  if (running.length > 0 && repeat === undefined) repeat = setInterval(tell, APP_RUNNING_REPEAT_MS);
  if (running.length === 0 && repeat !== undefined) {
    clearInterval(repeat);
    repeat = undefined;
  }
}

/**
 * An app starts: it is the newest, and the oldest past the bound is suspended. Returns what
 * to call when it stops, for whatever reason.
 */
export function appStarted(activityId: string, suspend: () => void, tellRunning?: (activityIds: string[]) => void): () => void {
  tellWorker = tellRunning ?? tellWorker;
  const app = { id: activityId, suspend };
  running.push(app);
  const oldest = running.length > MAX_LIVE_APPS ? running.shift() : undefined;
  tell();
  oldest?.suspend();
  return () => {
    const index = running.indexOf(app);
    if (index < 0) return;
    running.splice(index, 1);
    tell();
  };
}
