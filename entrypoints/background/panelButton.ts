import { browser } from 'wxt/browser';

/**
 * The toolbar button opens the panel and counts as the person invoking toolnexus on the page they
 * are on, which is what grants `activeTab`: the panel may then see that one tab's address, for
 * "Look for an MCP server on <site>" (entrypoints/sidepanel/currentSite.ts), and nothing else.
 *
 * Chromium: `openPanelOnActionClick` opens the side panel without `action.onClicked`, and without
 * it Chrome does not grant activeTab (the page was not "invoked"); so the button is handled here,
 * opening or closing the panel in the click's own task (sidePanel.open needs the gesture). The
 * behaviour is set off explicitly: a profile keeps the older build's `true`.
 * Firefox: the button toggles the sidebar, and its click grants activeTab as it is.
 */
export function handleToolbarButton(): void {
  const { sidePanel, sidebarAction } = browser as typeof browser & { sidebarAction?: { toggle(): Promise<void> } };
  if (sidebarAction) {
    browser.action.onClicked.addListener(() => void sidebarAction.toggle());
    return;
  }
  if (!sidePanel) return;
  sidePanel.setPanelBehavior({ openPanelOnActionClick: false }).catch(() => {});
  // Which windows show the panel, so the button closes it there as openPanelOnActionClick did (Chrome 141+; a worker that restarts forgets, and the next click opens).
  const shown = new Set<number>();
  sidePanel.onOpened?.addListener(({ windowId }) => shown.add(windowId));
  sidePanel.onClosed?.addListener(({ windowId }) => shown.delete(windowId));
  browser.action.onClicked.addListener(({ windowId }) => {
    if (shown.has(windowId) && sidePanel.close) sidePanel.close({ windowId }).catch(() => shown.delete(windowId));
    else sidePanel.open({ windowId }).catch(() => {});
  });
}
