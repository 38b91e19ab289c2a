/**
 * components/carry: what the panel does with a file before and after lib/ reads it. A file past
 * the bound is refused by its size, in words, before a byte of it is read; a session file with
 * HTML in every string is drawn as text, marked a recording, and its results' buttons reach no
 * server; the Sync switch is off until turned on and says what travels.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Carry } from '../../../../components/carry/Carry';
import { readSessionFile } from '../../../../lib/sessionFile';
import { withActions } from '../withActions';

afterEach(cleanup);

const HTML = '<img src=x onerror=alert(1)><script>alert(2)</script>';
const SYNC = {
  enabled: false,
  localOnly: [],
  conflicts: [],
  unreadable: [],
  needsSecrets: [],
  usage: { bytes: 0, items: 0, quotaBytes: 102_400, maxItems: 512 },
};

/** Gives a file input `files` and tells the component, as the browser does when a person picks one. */
function pick(input: HTMLElement, files: File[]): void {
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  act(() => void input.dispatchEvent(new Event('change', { bubbles: true })));
}

/** A File whose size says 200 MB, whose text is never to be read. */
function hugeFile(): File {
  const file = new File(['{}'], 'huge.json', { type: 'application/json' });
  Object.defineProperty(file, 'size', { value: 200 * 1024 * 1024 });
  file.text = vi.fn(() => Promise.reject(new Error('read')));
  return file;
}

describe('components/carry', () => {
  it('shows Sync off until turned on, with what travels and what never does', () => {
    const setSync = vi.fn();
    render(<Carry sync={SYNC} />, withActions({ setSync }));
    const box = screen.getByRole('checkbox', { name: 'Sync my servers and settings through this browser' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(screen.getByText(/Secrets, tokens, History, results, logs and what your organisation manages never do/)).toBeTruthy();
    fireEvent.click(box);
    expect(setSync).toHaveBeenCalledWith(true);
  });

  it('lists what another browser wrote that this one cannot use, each with why, under a heading of its own', () => {
    const unreadable = [
      { key: 'server:broken', kind: 'server' as const, name: 'A server (id broken)', reason: 'its URL is not an http: or https: address' },
      { key: 'pins:https://a.example/mcp', kind: 'pins' as const, name: 'Pinned tools of a.example', reason: 'it has no list of tools' },
    ];
    render(<Carry sync={{ ...SYNC, enabled: true, unreadable }} />, withActions({}));
    expect(screen.getByRole('heading', { name: 'Not usable in this browser' })).toBeTruthy();
    const items = [...document.querySelectorAll('.sync-unreadable li')].map((item) => item.textContent);
    expect(items).toEqual(['A server (id broken): its URL is not an http: or https: address', 'Pinned tools of a.example: it has no list of tools']);
  });

  it('refuses a 200 MB session file by its size, in words, without reading it', async () => {
    const sessionSources = vi.fn();
    render(<Carry sync={SYNC} />, withActions({ sessionSources }));
    const file = hugeFile();
    pick(screen.getByLabelText('Open a session file'), [file]);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^This file is 200 MB; a toolnexus file is at most 64 MB/));
    expect(file.text).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Recorded session' })).toBeNull();
  });

  it('refuses a 200 MB backup by its size, in words, without reading it or asking the worker', async () => {
    const backupState = vi.fn();
    render(<Carry sync={SYNC} />, withActions({ backupState }));
    const file = hugeFile();
    pick(screen.getByLabelText('Backup file'), [file]);
    fireEvent.input(screen.getByLabelText('Passphrase', { selector: '#backup-open-pass' }), { target: { value: 'whatever it is' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^This file is 200 MB/));
    expect(file.text).not.toHaveBeenCalled();
    expect(backupState).not.toHaveBeenCalled();
  });

  it('draws a session file with HTML in every string as text, marked a recording', async () => {
    const text = JSON.stringify({
      format: 'toolnexus-session',
      version: 1,
      savedAt: HTML,
      product: { name: HTML, version: HTML },
      browser: HTML,
      redaction: HTML,
      cuts: [HTML],
      servers: [
        {
          name: HTML,
          url: HTML,
          status: 'error',
          error: HTML,
          instructions: HTML,
          protocolLog: [{ kind: 'message', exchange: 1, at: 1, direction: 'in', message: { jsonrpc: '2.0', method: HTML } }],
          signIn: [],
          activities: [],
        },
      ],
    });
    const file = new File([text], 'session.json', { type: 'application/json' });
    render(<Carry sync={SYNC} />, withActions());
    pick(screen.getByLabelText('Open a session file'), [file]);
    const recording = await screen.findByRole('region', { name: 'Recorded session' });
    expect(recording.querySelector('img, script')).toBeNull();
    expect(recording.textContent).toContain(HTML);
    expect(screen.getByRole('note').textContent).toMatch(/^A recording, not live/);
    // The same text, read by lib/ alone, is what was drawn: nothing was parsed as markup.
    expect(readSessionFile(text).ok).toBe(true);
  });
});
