import { Fragment } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { PolicyView } from '@/lib/policy/view';
import { useActions } from '../shared/actions';
import { formatNumber, t } from '@/lib/i18n';
import { formatSize } from '@/lib/i18n/format';
import { MAX_SKILL_BYTES, MAX_SKILL_FILES } from '@/lib/mcp/skills';
import { Message } from '../shared/Message';
import { PolicyHelp } from './PolicyHelp';
import { shortcutHelp } from './shortcutHelp';
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
          <Message id="help.find.publish" values={{ mcp: <code translate={false}>/mcp</code>, sse: <code translate={false}>/sse</code> }} />
        </li>
        <li>
          <Message id="help.find.registry" values={{ registry: <code translate={false}>registry.modelcontextprotocol.io</code> }} />
        </li>
        <li>
          <Message id="help.find.import" values={{ file: <code translate={false}>mcp.json</code> }} />
        </li>
        <li>
          <Message
            id="help.find.local"
            values={{ localhost: <code translate={false}>http://localhost</code>, loopback: <code translate={false}>127.0.0.1</code> }}
          />
        </li>
      </ul>
      <h2 id="skills-language">{t('help.skillsAndLanguage')}</h2>
      <ul>
        <li>
          <Message
            id="help.apps.body"
            values={{ app: <strong>{t('help.apps.app')}</strong>, formInstead: <strong>{t('inbox.app.formInstead')}</strong> }}
          />
        </li>
        <li>
          <Message
            id="help.skills.body"
            values={{
              skills: <strong>{t('help.skills.skills')}</strong>,
              file: <code translate={false}>SKILL.md</code>,
              files: formatNumber(MAX_SKILL_FILES),
              size: formatSize(MAX_SKILL_BYTES),
            }}
          />
        </li>
        <li>{t('help.language')}</li>
      </ul>
      {policy && <PolicyHelp policy={policy} />}
      <h2>{t('help.keyboard')}</h2>
      <table class="keys">
        <tbody>
          <tr>
            <td>
              {/* The browser's own name of the key, as it shows it in its shortcuts page. */}
              {openShortcut ? <kbd translate={false}>{openShortcut}</kbd> : <span class="muted">{t('shortcuts.noKey')}</span>}
            </td>
            <td>{t('shortcuts.openPanel')}</td>
          </tr>
          {shortcutHelp().map(({ keys, does, named }) => (
            <tr key={does}>
              <td>
                {keys.map((key, index) => (
                  <Fragment key={key}>
                    {index > 0 && ' / '}
                    <kbd translate={named ? undefined : false}>{key}</kbd>
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
