import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { allQueries, MutationError, mutationErrorText, type QueryLike, QueryView } from './query-view';

const query = <T,>(over: Partial<QueryLike<T>>): QueryLike<T> => ({
  isPending: false,
  isError: false,
  isFetching: false,
  data: undefined,
  error: null,
  refetch: () => undefined,
  ...over,
});
const view = <T,>(q: QueryLike<T>, extra: Partial<Parameters<typeof QueryView<T>>[0]> = {}) =>
  renderToStaticMarkup(
    <QueryView query={q} loadFailed="We couldn't load the things." {...extra}>
      {(data) => <p>content {JSON.stringify(data)}</p>}
    </QueryView>,
  );

describe('QueryView', () => {
  it('says loading, then the failure with its Try again, then the empty sentence, then the content', () => {
    expect(view(query({ isPending: true }))).toContain('Loading');
    const failed = view(query({ isError: true, error: new Error('boom') }));
    expect(failed).toContain('role="alert"');
    expect(failed).toContain('We couldn&#x27;t load the things.');
    expect(failed).toContain('Try again');
    expect(failed).not.toContain('boom');
    expect(view(query({ data: [] as number[] }), { isEmpty: (d) => d.length === 0, empty: 'Nothing yet.' })).toContain('Nothing yet.');
    expect(view(query({ data: [1] }), { isEmpty: (d) => d.length === 0, empty: 'Nothing yet.' })).toContain('content [1]');
  });

  it('treats null data as nothing to show, keeps loaded data on a failed refetch only when asked, and lets an answer replace the failure', () => {
    expect(view(query({ data: null }))).toContain('role="alert"');
    const stale = query({ isError: true, error: new Error('x'), data: [2] });
    expect(view(stale)).toContain('role="alert"');
    expect(view(stale, { keepData: true })).toContain('content [2]');
    expect(view(query({ isError: true, error: new Error('403') }), { errorView: () => <p>Not approved yet.</p> })).toBe('<p>Not approved yet.</p>');
    expect(view(query({ isError: true, error: new Error('x') }), { retry: false })).not.toContain('Try again');
  });

  it('joins several queries: pending while any is, failed when any failed, the data as a tuple', () => {
    const a = query({ data: 1 });
    expect(allQueries(a, query<string>({ isPending: true })).isPending).toBe(true);
    expect(allQueries(a, query<string>({ isError: true, error: new Error('b') })).error?.message).toBe('b');
    expect(allQueries(a, query({ data: 'x' })).data).toEqual([1, 'x']);
  });
});

describe('MutationError', () => {
  it("shows the server's words for a refusal, ours for no answer, the page's fallback for the rest, nothing without an error", () => {
    expect(mutationErrorText(new ApiError(409, 'This code already exists.', 'CONFLICT'), 'Could not save.')).toBe('This code already exists.');
    expect(mutationErrorText(new ApiError(500, 'TypeError: x is undefined'), 'Could not save.')).toBe('Could not save.');
    expect(mutationErrorText(new Error('bug'), 'Could not save.')).toBe('Could not save.');
    expect(renderToStaticMarkup(<MutationError error={null} fallback="x" />)).toBe('');
    expect(renderToStaticMarkup(<MutationError error={new ApiError(400, 'Pick a city.')} />)).toContain('Pick a city.');
  });
});
