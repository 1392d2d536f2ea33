/**
 * The route handle of a task screen (book, track, drive): the site layout gives it the whole screen below
 * the nav and no footer (issue 17 §2). Set on the route object, not in its lazy module, so the layout knows
 * it before the page's code has arrived.
 */
export type TaskHandle = { screen: 'task' };
export const taskHandle: TaskHandle = { screen: 'task' };

export function isTaskHandle(handle: unknown): handle is TaskHandle {
  return typeof handle === 'object' && handle !== null && (handle as { screen?: unknown }).screen === 'task';
}
