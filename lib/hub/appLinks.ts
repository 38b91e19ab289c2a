/**
 * Links an MCP App asks to open (`ui/open-link`): what the consent card shows of one, and
 * opening it, in a tab of its own, once the person agreed. Also what the links in a server's
 * markdown are (`checkAll`): judged here, so the URL analysis (tldts's suffix list) stays in the
 * worker and out of the panel's code.
 */
import type { OpenMode } from '../state';
import { analyzeUrl, refusalOf, type UrlAnalysis, urlJudge } from '../urls';

export class AppLinks {
  readonly #open: ((url: string, mode: OpenMode) => Promise<void>) | undefined;

  /** `open` opens a URL where the extension cannot read it; absent, nothing is opened. */
  constructor(open?: (url: string, mode: OpenMode) => Promise<void>) {
    this.#open = open;
  }

  check(url: string): Promise<UrlAnalysis> {
    return analyzeUrl(url);
  }

  /** Each URL's analysis, in order: every link of a markdown text in one ask. */
  async checkAll(urls: string[]): Promise<UrlAnalysis[]> {
    const judge = await urlJudge();
    return urls.map((url) => judge(String(url)));
  }

  /** @throws Error when the URL is one no one should open. */
  async open(url: string): Promise<void> {
    const refused = refusalOf(url);
    if (refused) throw new Error(refused);
    await this.#open?.(new URL(url).href, 'tab');
  }
}
