import { describe, expect, it } from 'vitest';
import { loadableIcon, pickIcon } from '../../lib/icons';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const SERVER = 'https://mcp.example.com/mcp';

describe('which icons load', () => {
  it('a data: image, or a URL on the server’s own https origin', () => {
    expect(loadableIcon(PNG, SERVER)).toBe(true);
    expect(loadableIcon('https://mcp.example.com/icon.png', SERVER)).toBe(true);
  });

  it('nothing that could reach anyone else, nor anything but an image', () => {
    expect(loadableIcon('https://cdn.example.net/icon.png', SERVER)).toBe(false);
    expect(loadableIcon('https://mcp.example.com.evil.example/icon.png', SERVER)).toBe(false);
    expect(loadableIcon('http://mcp.example.com/icon.png', SERVER)).toBe(false);
    expect(loadableIcon('https://user:pw@mcp.example.com/icon.png', SERVER)).toBe(false);
    expect(loadableIcon('data:text/html,<script>alert(1)</script>', SERVER)).toBe(false);
    expect(loadableIcon(`data:image/png;base64,${'A'.repeat(70_000)}`, SERVER)).toBe(false);
    expect(loadableIcon('javascript:alert(1)', SERVER)).toBe(false);
    expect(loadableIcon('/icon.png', SERVER)).toBe(false);
  });

  it('loopback http only for a server on this computer, on its own origin', () => {
    expect(loadableIcon('http://127.0.0.1:7301/icon.png', 'http://127.0.0.1:7301/mcp')).toBe(true);
    expect(loadableIcon('http://127.0.0.1:7302/icon.png', 'http://127.0.0.1:7301/mcp')).toBe(false);
  });
});

describe('which icon fits', () => {
  const icons = [
    { src: 'https://mcp.example.com/16.png', sizes: ['16x16'] },
    { src: 'https://mcp.example.com/48.png', sizes: ['48x48'] },
    { src: 'https://mcp.example.com/dark.svg', sizes: ['any'], theme: 'dark' as const },
    { src: 'https://elsewhere.example/64.png', sizes: ['64x64'] },
  ];

  it('the smallest big enough for a sharp screen, per theme', () => {
    expect(pickIcon(icons, SERVER, 16)).toEqual({ light: 'https://mcp.example.com/48.png', dark: 'https://mcp.example.com/dark.svg' });
  });

  it('the biggest when none is big enough, and none when none may load', () => {
    expect(pickIcon(icons.slice(0, 1), SERVER, 20)).toEqual({ light: 'https://mcp.example.com/16.png', dark: 'https://mcp.example.com/16.png' });
    expect(pickIcon(icons.slice(3), SERVER, 16)).toBeUndefined();
    expect(pickIcon(undefined, SERVER, 16)).toBeUndefined();
  });
});
