import { describe, expect, it } from 'vitest';
import { defaultPriority, parseTicketNumber, SLA_HOURS, slaDueAt, TICKET_PRIORITIES } from './schemas';
import { canMove, mayRate, sourcesOf, TICKET_STATUSES, userMayReply } from './ticket-state';

describe('the ticket state machine (decision 0055)', () => {
  it('open → pending → resolved → closed, with the user and admin reopening', () => {
    expect(canMove('open', 'pending', 'admin')).toBe(true);
    expect(canMove('pending', 'open', 'user')).toBe(true);
    expect(canMove('resolved', 'open', 'user')).toBe(true);
    expect(canMove('open', 'resolved', 'admin')).toBe(true);
    expect(canMove('pending', 'resolved', 'admin')).toBe(true);
    expect(canMove('resolved', 'closed', 'system')).toBe(true);
    expect(canMove('closed', 'open', 'admin')).toBe(true);
  });

  it('refuses everything else', () => {
    expect(canMove('closed', 'open', 'user')).toBe(false);
    expect(canMove('open', 'closed', 'system')).toBe(false);
    expect(canMove('open', 'resolved', 'user')).toBe(false);
    expect(canMove('resolved', 'closed', 'admin')).toBe(false);
    expect(sourcesOf('pending', 'user')).toEqual([]);
    for (const s of TICKET_STATUSES) expect(canMove(s, s, 'admin')).toBe(false);
  });

  it('replies until closed; rates after resolution', () => {
    expect(TICKET_STATUSES.filter(userMayReply)).toEqual(['open', 'pending', 'resolved']);
    expect(TICKET_STATUSES.filter(mayRate)).toEqual(['resolved', 'closed']);
  });

  it('safety is urgent, the SLA grows as the priority falls, numbers parse', () => {
    expect(defaultPriority('safety')).toBe('urgent');
    expect(defaultPriority('lost_item')).toBe('normal');
    const hours = TICKET_PRIORITIES.map((p) => SLA_HOURS[p]);
    expect([...hours].sort((a, b) => b - a)).toEqual(hours);
    expect(slaDueAt(new Date('2026-01-01T00:00:00Z'), 'urgent').toISOString()).toBe('2026-01-01T01:00:00.000Z');
    expect(parseTicketNumber('T-1042')).toBe(1042);
    expect(parseTicketNumber('t1042')).toBe(1042);
    expect(parseTicketNumber('1042')).toBe(1042);
    expect(parseTicketNumber('anna')).toBeUndefined();
  });
});
