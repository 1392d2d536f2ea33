import { describe, expect, it } from 'vitest';
import { legalBlocks } from './legal-blocks';

describe('legalBlocks', () => {
  it('reads headings, paragraphs and lists, and nothing else as markup', () => {
    expect(legalBlocks('## What we keep\nYour account\nand rides.\n\n- Name\n- Phone\nAfter <b>list</b>\n\n\n## End')).toEqual([
      { type: 'heading', text: 'What we keep' },
      { type: 'paragraph', text: 'Your account and rides.' },
      { type: 'list', items: ['Name', 'Phone'] },
      { type: 'paragraph', text: 'After <b>list</b>' },
      { type: 'heading', text: 'End' },
    ]);
  });
});
