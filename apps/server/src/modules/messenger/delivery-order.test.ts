import { describe, expect, it } from 'vitest';
import { createDeliveryOrder } from './delivery-order.js';

describe('delivery order of a thread', () => {
  it('pushes in the order the turns were taken, whatever order the work finishes in', async () => {
    const order = createDeliveryOrder();
    const pushed: number[] = [];
    const first = order.take(7);
    const second = order.take(7);
    const third = order.take(7);
    // the third and the second are ready to push before the first
    const pushes = [
      third.ready.then(() => pushed.push(3)).then(() => third.end()),
      second.ready.then(() => pushed.push(2)).then(() => second.end()),
    ];
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(pushed).toEqual([]);
    await first.ready;
    pushed.push(1);
    first.end();
    await Promise.all(pushes);
    expect(pushed).toEqual([1, 2, 3]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order.open).toBe(0);
  });

  it('a turn ended without a push (a rolled-back send) lets the next one go', async () => {
    const order = createDeliveryOrder();
    const failed = order.take(1);
    const next = order.take(1);
    failed.end();
    failed.end();
    await expect(next.ready).resolves.toBeUndefined();
    next.end();
  });

  it('threads do not wait for each other', async () => {
    const order = createDeliveryOrder();
    order.take(1); // never ends
    const other = order.take(2);
    await expect(other.ready).resolves.toBeUndefined();
    other.end();
  });
});
