import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DROPS_TOLD_EVERY_MS,
  type InboundNotification,
  NOTIFICATION_BURST,
  NOTIFICATIONS_PER_SECOND,
  notificationBudget,
} from '../../../lib/mcp/inboundBudget';

const log = (index: number) => JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: `line ${index}` } });
const progress = (token: string, value: number) =>
  JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress: value } });
const toolsChanged = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });

describe('A server’s budget of notifications', () => {
  let delivered: InboundNotification[];
  let told: number[];
  const budget = () => notificationBudget({ deliver: (notification) => delivered.push(notification), onDropped: (count) => told.push(count) });

  beforeEach(() => {
    vi.useFakeTimers();
    delivered = [];
    told = [];
  });
  afterEach(() => vi.useRealTimers());

  it(`lets a burst of ${NOTIFICATION_BURST} through, then ${NOTIFICATIONS_PER_SECOND} a second; log messages past that are dropped and the count told once a second`, () => {
    const gate = budget();
    const passed = Array.from({ length: 10_000 }, (_, index) => gate.admit(log(index))).filter(Boolean).length;
    expect(passed).toBe(NOTIFICATION_BURST);
    expect(told).toEqual([]);
    vi.advanceTimersByTime(DROPS_TOLD_EVERY_MS);
    expect(told).toEqual([10_000 - NOTIFICATION_BURST]);
    vi.advanceTimersByTime(2_000 - DROPS_TOLD_EVERY_MS);
    // Two seconds after the flood: two seconds' worth, never more than the burst.
    const refilled = Math.min(NOTIFICATION_BURST, 2 * NOTIFICATIONS_PER_SECOND);
    expect(Array.from({ length: 1_000 }, (_, index) => gate.admit(log(index))).filter(Boolean).length).toBe(refilled);
    expect(delivered).toEqual([]);
  });

  it('requests, responses and what is not a notification always pass, and cost nothing', () => {
    const gate = budget();
    for (let index = 0; index < NOTIFICATION_BURST; index += 1) gate.admit(log(index));
    expect(gate.admit(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'elicitation/create', params: {} }))).toBe(true);
    expect(gate.admit(JSON.stringify({ jsonrpc: '2.0', id: 1, result: {} }))).toBe(true);
    expect(gate.admit('not json')).toBe(true);
    expect(gate.admit('[]')).toBe(true);
    expect(gate.admit(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } }))).toBe(true);
    expect(gate.admit(log(0))).toBe(false);
  });

  it('past the budget, the newest progress of a request and one list change are held and delivered when it allows', () => {
    const gate = budget();
    for (let index = 0; index < NOTIFICATION_BURST; index += 1) gate.admit(log(index));
    for (let value = 1; value <= 1_000; value += 1) expect(gate.admit(progress('call-1', value))).toBe(false);
    for (let index = 0; index < 500; index += 1) expect(gate.admit(toolsChanged)).toBe(false);
    expect(delivered).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(delivered).toEqual([
      { method: 'notifications/progress', params: { progressToken: 'call-1', progress: 1_000 } },
      { method: 'notifications/tools/list_changed' },
    ]);
    // The ones the newest overtook are counted as set aside.
    expect(told).toEqual([999 + 499]);
  });

  it('drops the progress held for a request once its response has come', () => {
    const gate = budget();
    for (let index = 0; index < NOTIFICATION_BURST; index += 1) gate.admit(log(index));
    gate.admit(progress('7', 1));
    expect(gate.admit(JSON.stringify({ jsonrpc: '2.0', id: 7, result: {} }))).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(delivered).toEqual([]);
  });

  it('holds nothing once the connection is gone', () => {
    const gate = budget();
    for (let index = 0; index < NOTIFICATION_BURST; index += 1) gate.admit(log(index));
    gate.admit(toolsChanged);
    gate.admit(log(0));
    gate.stop();
    vi.advanceTimersByTime(5_000);
    expect(delivered).toEqual([]);
    expect(told).toEqual([]);
  });
});
