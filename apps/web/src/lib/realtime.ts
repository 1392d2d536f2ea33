import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import { call } from './call';
import type { ClientFrame, RealtimeEventData, RealtimeEventName, ServerFrame } from '@openride/shared/realtime';

type EventFrame = Extract<ServerFrame, { type: 'event' }>;
type Handler = (data: unknown, frame: EventFrame) => void;

const BACKOFF_BASE_MS = 1000;
const BACKOFF_MAX_MS = 30_000;
// Proxies and load balancers drop idle sockets after about a minute; a ping well inside that keeps it open.
const PING_INTERVAL_MS = 25_000;

const handlers = new Map<string, Set<Handler>>();
const extraChannels = new Set<string>();

let socket: WebSocket | null = null;
let wanted = false;
let attempts = 0;

/** Emitted locally whenever the socket is ready (first time or back after a drop): events sent before were missed, so refetch. */
export const RECONNECTED_EVENT = 'realtime.reconnected';
let reconnectTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Where the socket stands: `off` (not wanted: signed out), `connecting` (first attempt), `open` (ready:
 * events flow), `down` (closed or refused; retrying with backoff). While it is not `open`, live screens
 * poll instead (useLivePollInterval) and the driver's position goes over HTTP (sendLocation).
 */
export type RealtimeStatus = 'off' | 'connecting' | 'open' | 'down';
let status: RealtimeStatus = 'off';
const statusListeners = new Set<() => void>();
function setStatus(next: RealtimeStatus): void {
  if (status === next) return;
  status = next;
  for (const listener of statusListeners) listener();
}
function subscribeStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}
export const getRealtimeStatus = (): RealtimeStatus => status;
let pingTimer: ReturnType<typeof setInterval> | undefined;

function socketUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}/ws`;
}

function send(frame: ClientFrame): void {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
}

function dispatch(frame: EventFrame): void {
  for (const handler of handlers.get(frame.event) ?? []) {
    try {
      handler(frame.data, frame);
    } catch (error) {
      console.warn('[realtime] handler failed', frame.event, error);
    }
  }
}

function onMessage(message: MessageEvent): void {
  let frame: ServerFrame;
  try {
    frame = JSON.parse(String(message.data)) as ServerFrame;
  } catch {
    return;
  }
  switch (frame.type) {
    case 'ready':
      attempts = 0;
      setStatus('open');
      // The server subscribes the user channel itself; channels asked for before a reconnect are re-sent.
      for (const channel of extraChannels) {
        if (!frame.channels.includes(channel)) send({ type: 'subscribe', channel });
      }
      // Events published before this socket was subscribed never reach it — after a reconnect, and on
      // the first connection too: a page that loaded its data while the socket was still opening (a
      // second tab, say) would otherwise miss a change made in between and show it only after a reload.
      // So whatever listens refetches once now.
      dispatch({ type: 'event', channel: '', event: RECONNECTED_EVENT, data: null });
      break;
    case 'event':
      dispatch(frame);
      break;
    case 'error':
      console.warn('[realtime]', frame.code, frame.message);
      break;
    default:
      break;
  }
}

function clearTimers(): void {
  clearTimeout(reconnectTimer);
  clearInterval(pingTimer);
  reconnectTimer = undefined;
  pingTimer = undefined;
}

function scheduleReconnect(): void {
  if (!wanted || reconnectTimer) return;
  // Exponential backoff with jitter, so a server restart is not met by every client at the same instant.
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempts);
  const delay = ceiling / 2 + Math.random() * (ceiling / 2);
  attempts += 1;
  reconnectTimer = setTimeout(() => {
    reconnectTimer = undefined;
    open();
  }, delay);
}

function open(): void {
  if (!wanted || socket) return;
  const ws = new WebSocket(socketUrl());
  socket = ws;
  ws.addEventListener('open', () => {
    pingTimer = setInterval(() => send({ type: 'ping' }), PING_INTERVAL_MS);
  });
  ws.addEventListener('message', onMessage);
  ws.addEventListener('close', () => {
    if (socket === ws) socket = null;
    if (wanted) setStatus('down');
    clearTimers();
    scheduleReconnect();
  });
  // 'error' is always followed by 'close', which reconnects; nothing to do here.
}

function reconnectNow(): void {
  if (!wanted || socket) return;
  clearTimeout(reconnectTimer);
  reconnectTimer = undefined;
  open();
}

export function connectRealtime(): void {
  if (wanted) return;
  wanted = true;
  setStatus('connecting');
  attempts = 0;
  window.addEventListener('online', reconnectNow);
  open();
}

export function disconnectRealtime(): void {
  wanted = false;
  setStatus('off');
  window.removeEventListener('online', reconnectNow);
  clearTimers();
  const ws = socket;
  socket = null;
  ws?.close(1000);
}

/** Subscribe to a channel beyond the user's own (e.g. a ride room); kept across reconnects. */
export function subscribeChannel(channel: string): () => void {
  extraChannels.add(channel);
  send({ type: 'subscribe', channel });
  return () => {
    extraChannels.delete(channel);
    send({ type: 'unsubscribe', channel });
  };
}

let locationPost: Promise<unknown> | null = null;

/**
 * A driver's GPS fix: over the socket when it is open, else over HTTP (POST /api/drivers/me/location, the
 * same rules), one request at a time — a fix that finds one still in flight is dropped, as the next one
 * follows within seconds and a stale position is worth less than a fresh one. Returns whether it went out.
 */
export function sendLocation(fix: Omit<Extract<ClientFrame, { type: 'location' }>, 'type'>): boolean {
  if (socket?.readyState === WebSocket.OPEN && status === 'open') {
    send({ type: 'location', ...fix });
    return true;
  }
  if (locationPost) return false;
  locationPost = call('POST /api/drivers/me/location', { body: fix })
    .catch((error: unknown) => console.warn('[realtime] location over HTTP failed', error))
    .finally(() => (locationPost = null));
  return true;
}

/** Where the socket stands, re-rendering when it changes. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(subscribeStatus, getRealtimeStatus, () => 'off');
}

/** How often a live screen polls while the socket is not open (issue 10: "say every 3 s"). */
export const LIVE_POLL_MS = 3000;

/**
 * The `refetchInterval` of a query that a screen otherwise keeps fresh from socket events: none while the
 * socket is open, every LIVE_POLL_MS while it is connecting, down or refused. Re-renders on a change, so
 * polling starts when the socket drops and stops when it is back.
 */
export function useLivePollInterval(): number | false {
  return useRealtimeStatus() === 'open' ? false : LIVE_POLL_MS;
}

/** Keeps the socket open while `enabled` (i.e. while signed in: the session cookie authenticates it). */
export function useRealtimeConnection(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    connectRealtime();
    return disconnectRealtime;
  }, [enabled]);
}

/**
 * Calls `handler` for every `{ type: 'event', event }` frame; the latest handler is always used. A server
 * event's data is typed by its schema in packages/shared/src/realtime.ts (`REALTIME_EVENTS`).
 */
export function useRealtimeEvent<E extends RealtimeEventName>(event: E, handler: (data: RealtimeEventData<E>, frame: EventFrame) => void): void;
export function useRealtimeEvent(event: string, handler: Handler): void;
export function useRealtimeEvent(event: string, handler: Handler): void {
  const onEvent = useEffectEvent(handler);
  useEffect(() => {
    const listener: Handler = (data, frame) => onEvent(data, frame);
    let set = handlers.get(event);
    if (!set) {
      set = new Set();
      handlers.set(event, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }, [event]);
}
