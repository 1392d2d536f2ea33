import type { Logger } from '../lib/logger';
import { AppError, badRequest, domainError } from '../lib/errors';
import { CardDeclined, PaymentRefused } from './provider';

/** A processor call on behalf of a request: a decline is the rider's to read (402), a refusal a 400, anything else 502. */
export async function askProvider<T>(logger: Logger, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof CardDeclined) throw domainError('CARD_DECLINED', err.message);
    if (err instanceof PaymentRefused) throw badRequest(err.message);
    if (err instanceof AppError) throw err;
    logger.warn({ err, what }, 'payment provider call failed');
    throw domainError('PAYMENT_FAILED');
  }
}
