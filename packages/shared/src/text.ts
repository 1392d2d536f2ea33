import { z } from 'zod';

/**
 * Text a person typed, as every request schema takes it (issue 11, finding 5). PostgreSQL refuses a NUL
 * in `text` (22021) and no form produces a control character, so they are refused here, at the edge, with a
 * 400 and words, instead of reaching the database. Tab, line feed and carriage return are allowed where text
 * may span lines (chat, comments, reasons); single-line fields (names, labels, ids) refuse them too.
 */
// eslint-disable-next-line no-control-regex
const SINGLE_LINE = /^[^\u0000-\u001f\u007f]*$/;
// eslint-disable-next-line no-control-regex
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

export const CONTROL_CHARACTER_MESSAGE = 'Text must not contain control characters';

/** One line of text: no control characters at all. Chain `.trim().min().max()` as with `z.string()`. */
export const text = (message?: string) => z.string(message).regex(SINGLE_LINE, CONTROL_CHARACTER_MESSAGE);

/** Text that may span lines: tab, line feed and carriage return allowed, every other control refused. */
export const multilineText = (message?: string) => z.string(message).regex(MULTI_LINE, CONTROL_CHARACTER_MESSAGE);

/** True when `value` holds a character no single-line field accepts (a NUL, say). */
export const hasControlCharacter = (value: string) => !SINGLE_LINE.test(value);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A uuid as PostgreSQL's `uuid` type reads it (the 8-4-4-4-12 form): anything else would make it raise 22P02. */
export const isUuid = (value: string) => UUID.test(value);
