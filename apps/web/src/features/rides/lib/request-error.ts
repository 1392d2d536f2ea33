import { riderText } from '@openride/shared/rides/rider-text';
import { isApiError, isNetworkError, isRefusal } from '@/lib/api';
import { errorText } from '@openride/shared/error-text';
import type { useRequestRide } from '../api/request-ride';

const text = riderText.book;

/** Domain codes map to the words a rider reads (errorText); no raw exception text reaches the screen. */
export function requestErrorText(error: ReturnType<typeof useRequestRide>['error']): string | null {
  return error
    ? isApiError(error) && error.code === 'ACTIVE_RIDE_EXISTS'
      ? text.alreadyActive
      : isRefusal(error)
        ? errorText(error.code!)
        : isNetworkError(error)
          ? error.message
          : text.requestFailed
    : null;
}
