import type { UserRow } from './users.table.ts';

/*
 * "Gesperrt" has one meaning (issue 32 item 1): the account may not log in, because an operator switched it to
 * Gesperrt (aktiv false) or because of too many wrong passwords in a row (locked_at). Both stay stored apart, so the
 * login can say why, but every list, profile and unlock reads and ends them together (users.repository.ts:
 * lockedColumn, UNLOCKED).
 */

/** Whether the account is locked, by either cause. */
export const isLocked = (user: Pick<UserRow, 'active' | 'lockedAt'>): boolean => !user.active || user.lockedAt !== null;
