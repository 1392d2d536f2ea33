import { useCallback, useEffect, useRef, useState } from 'react';

const MUTED_KEY = 'openride.sos.muted';
/** One beep-beep every REPEAT_MS while ringing. */
const REPEAT_MS = 1500;

type AudioState = 'unsupported' | 'suspended' | 'running';

function readMuted() {
  try {
    return localStorage.getItem(MUTED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Two short square-wave beeps (an oscillator, no audio file). */
function beep(ctx: AudioContext) {
  const start = ctx.currentTime;
  for (const [offset, freq] of [
    [0, 880],
    [0.25, 660],
  ] as const) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'square';
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.2, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.2);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start + offset);
    osc.stop(start + offset + 0.22);
  }
}

/**
 * The operators' SOS alarm (decision 0061): Web Audio beeps that repeat while `ringing` and the sound is on.
 * Browsers keep an AudioContext suspended until the person interacts with the page: `audio` says so, and the
 * first click anywhere (or `enable`) resumes it. Muting is remembered in this browser.
 */
export function useAlarm(ringing: boolean) {
  const ctxRef = useRef<AudioContext | null>(null);
  const [audio, setAudio] = useState<AudioState>('suspended');
  const [muted, setMutedState] = useState(readMuted);

  const context = useCallback(() => {
    if (ctxRef.current) return ctxRef.current;
    const Ctor =
      typeof window === 'undefined'
        ? undefined
        : (window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
    if (!Ctor) {
      setAudio('unsupported');
      return null;
    }
    const ctx = new Ctor();
    ctx.onstatechange = () => setAudio(ctx.state === 'running' ? 'running' : 'suspended');
    setAudio(ctx.state === 'running' ? 'running' : 'suspended');
    ctxRef.current = ctx;
    return ctx;
  }, []);

  const enable = useCallback(() => {
    const ctx = context();
    void ctx?.resume().then(() => setAudio(ctx.state === 'running' ? 'running' : 'suspended'));
  }, [context]);

  // Made when an alarm is first needed; the first gesture on the page lets it play.
  useEffect(() => {
    if (!ringing) return;
    context();
    const onGesture = () => enable();
    window.addEventListener('pointerdown', onGesture, { once: true });
    window.addEventListener('keydown', onGesture, { once: true });
    return () => {
      window.removeEventListener('pointerdown', onGesture);
      window.removeEventListener('keydown', onGesture);
    };
  }, [ringing, context, enable]);

  useEffect(() => {
    const ctx = ctxRef.current;
    if (!ringing || muted || !ctx || audio !== 'running') return;
    beep(ctx);
    const timer = window.setInterval(() => beep(ctx), REPEAT_MS);
    return () => window.clearInterval(timer);
  }, [ringing, muted, audio]);

  useEffect(() => () => void ctxRef.current?.close().catch(() => undefined), []);

  const setMuted = useCallback((value: boolean) => {
    setMutedState(value);
    try {
      localStorage.setItem(MUTED_KEY, value ? '1' : '0');
    } catch {
      // Private mode: remembered for this page only.
    }
  }, []);

  return { audio, muted, setMuted, enable };
}
