import { procedureInputSchema } from '@openride/shared/procedures/schemas';
import { describe, expect, it } from 'vitest';
import { issuesByPath, moveItem, removeAt, replaceAt } from './list-edit';

describe('the procedure editor list edits', () => {
  it('moves an item up and down, clamped at the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 3)).toEqual(['a', 'b', 'c']);
  });

  it('removes and replaces without touching the original', () => {
    const list = ['a', 'b', 'c'];
    expect(removeAt(list, 1)).toEqual(['a', 'c']);
    expect(replaceAt(list, 0, 'z')).toEqual(['z', 'b', 'c']);
    expect(list).toEqual(['a', 'b', 'c']);
  });

  it("keys the shared schema's messages by field, the first per field", () => {
    const parsed = procedureInputSchema.safeParse({ base_version: 1, title: '', steps: ['ok', ' '], replies: [{ title: 'x', body: '' }] });
    expect(parsed.success).toBe(false);
    const issues = issuesByPath(parsed.error!.issues);
    expect(issues).toMatchObject({ title: 'Give the procedure a title.', 'steps.1': 'A step cannot be empty.', 'replies.0.body': 'Write the reply.' });
  });
});
