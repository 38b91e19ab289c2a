import { Fragment } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { PolicyView } from '@/lib/policy/view';
import { useActions } from '../shared/actions';
import { t } from '@/lib/i18n';
import { PolicyHelp } from './PolicyHelp';
import { shortcutHelp } from './shortcuts';
import './help.css';

export interface HelpProps {
  /** The browser-wide key that opens the panel (the person may have changed it), or '' if none is set. */
  openShortcut: string;
  /** The organisation's policy in force, shown read-only. */
  policy?: PolicyView;
}

/** Where to find servers and what the keys do, in a modal dialog (Escape closes it, focus stays inside). */
export function Help({ openShortcut, policy }: HelpProps) {
  const { showHelp } = useActions();
  const dialog = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog ref={dialog} class="help" aria-labelledby="help-title" onClose={() => showHelp(false)}>
      <header class="section-head">
        <h1 id="help-title">{t('help.title')}</h1>
        <button type="button" class="secondary" onClick={() => dialog.current?.close()}>
          {t('help.close')}
        </button>
      </header>
      <h2 id="finding-servers">{t('help.findingServers')}</h2>
      <ul>
        <li>
          Many services publish a remote MCP server: look for "MCP" in their docs; the URL usually ends in <code>/mcp</code> (or <code>/sse</code> on
          older servers). Paste it on the Servers tab.
        </li>
        <li>
          Search the MCP Registry (<code>registry.modelcontextprotocol.io</code>, or your company's) on the welcome or the Servers tab, or import a
          server.json: Add fills in what the server needs.
        </li>
        <li>
          Already set up in Claude, Cursor or VS Code? Import their <code>mcp.json</code>. Servers started as local commands (stdio) cannot run in a
          browser and are listed as skipped.
        </li>
        <li>
          A server on this computer (<code>http://localhost</code>, <code>127.0.0.1</code>) works at once; another address asks for your permission
          when added. A server that needs a sign-in asks for it in the Inbox.
        </li>
      </ul>
      <h2 id="skills-language">{t('help.skillsAndLanguage')}</h2>
      <ul>
        <li>
          A server may answer its own question with its <strong>app</strong>: the Request card then shows the server's interface instead of a plain
          form. Its answer is sent only when it fits what the server asked for; otherwise the card says why and nothing is sent.{' '}
          <strong>Answer with the form instead</strong> is always there, and Decline and Cancel are always yours.
        </li>
        <li>
          A server's <strong>skills</strong> (workflow instructions it ships for agents) are listed on the Prompts tab, beside its prompts. Read one
          to see its <code>SKILL.md</code> or any of its files; each is checked against the digest and size the server published, and a skill that
          does not match, or is past 512 files or 16 MiB, is not shown and says why.
        </li>
        <li>
          Servers are told your browser's preferred languages with every request, so those that can will answer in your language. Change them in the
          browser's language settings.
        </li>
      </ul>
      {policy && <PolicyHelp policy={policy} />}
      <h2>{t('help.keyboard')}</h2>
      <table class="keys">
        <tbody>
          <tr>
            <td>{openShortcut ? <kbd>{openShortcut}</kbd> : <span class="muted">no key set</span>}</td>
            <td>Open toolnexus on the newest request, from any page (change it in the browser's extension shortcuts)</td>
          </tr>
          {shortcutHelp().map(({ keys, does }) => (
            <tr key={does}>
              <td>
                {keys.map((key, index) => (
                  <Fragment key={key}>
                    {index > 0 && ' / '}
                    <kbd>{key}</kbd>
                  </Fragment>
                ))}
              </td>
              <td>{does}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </dialog>
  );
}
