import { type RefObject, useEffect, useState } from 'react';
import { useRealtimeEvent } from '@/lib/realtime';

/**
 * A rider's message that lands while the chat is scrolled out of sight (on a phone it sits below the map and
 * the buttons): a pill at the bottom of the screen says so, and a tap on it brings the chat into view.
 */
export function useUnreadPill(rideId: string, chatRef: RefObject<HTMLDivElement | null>) {
  const [unread, setUnread] = useState<string | null>(null);
  useRealtimeEvent('chat.message', (data) => {
    const { message } = data;
    const el = chatRef.current;
    if (message.ride_id !== rideId || message.sender_role !== 'rider' || !el) return;
    // `el` marks the chat's bottom edge, where the newest message shows.
    const { top } = el.getBoundingClientRect();
    if (top > window.innerHeight || top < 0) setUnread(message.body);
  });
  useEffect(() => {
    const el = chatRef.current;
    if (!el || unread === null) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setUnread(null);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [unread, chatRef]);
  return [unread, () => setUnread(null)] as const;
}
