import { describe, expect, it } from 'vitest';
import { createActivityDispatcher } from './dispatch.js';

describe('activity dispatcher (no database)', () => {
  it('runs the follow-up work after the delivery with who was told live, even after a failure', async () => {
    const errors: unknown[] = [];
    const dispatcher = createActivityDispatcher((error) => errors.push(error));
    const order: string[] = [];
    dispatcher.setHandler(async (ids) => {
      if (ids.includes(13)) throw new Error('delivery failed');
      order.push(`delivered ${ids.join(',')}`);
      return new Set(ids.map((id) => id * 10));
    });
    dispatcher.dispatch([1, 2], async (told) => {
      order.push(`after ${[...told].join(',')}`);
    });
    dispatcher.dispatch([], async (told) => {
      order.push(`nothing to deliver, told ${told.size}`);
    });
    dispatcher.dispatch([13], async (told) => {
      order.push(`after a failure, told ${told.size}`);
    });
    await dispatcher.settled();
    expect([...order].sort()).toEqual([
      'after 10,20',
      'after a failure, told 0',
      'delivered 1,2',
      'nothing to deliver, told 0',
    ]);
    expect(order.indexOf('delivered 1,2')).toBeLessThan(order.indexOf('after 10,20'));
    expect(errors).toEqual([new Error('delivery failed')]);
  });
});
