import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Call tickets (docs/notes/calls.md, The call socket): the right to open the call socket as
 * one participant, handed out by the join routes after the call rules passed. Signed, not
 * stored: `<participant>.<expiry seconds>.<signature>`.
 */
export function createTickets(key: Uint8Array) {
  const ticketKey = createHmac('sha256', key).update('memoria-call-ticket').digest();
  const sign = (body: string) => createHmac('sha256', ticketKey).update(body).digest('base64url');

  return {
    issue(participantId: number, ttlSeconds: number, nowMs = Date.now()): string {
      const body = `${participantId}.${Math.floor(nowMs / 1000) + ttlSeconds}`;
      return `${body}.${sign(body)}`;
    },
    /** The participant id of a good, unexpired ticket; null otherwise. */
    read(ticket: string, nowMs = Date.now()): number | null {
      const match = /^([1-9]\d{0,15})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(ticket);
      if (!match) return null;
      const [, id, expiry, signature] = match as unknown as [string, string, string, string];
      const expected = Buffer.from(sign(`${id}.${expiry}`));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      if (Number(expiry) * 1000 <= nowMs) return null;
      const participantId = Number(id);
      return Number.isSafeInteger(participantId) ? participantId : null;
    },
  };
}
export type CallTickets = ReturnType<typeof createTickets>;
