import { describe, expect, it } from 'vitest';
import { pickMimeType, posterFileName, progressOf, recordingSupport, videoFileName } from './recording';

describe('recording support', () => {
  it('picks VP9, then VP8, then WebM, then MP4', () => {
    expect(pickMimeType(() => true)).toBe('video/webm;codecs=vp9');
    expect(pickMimeType((t) => t !== 'video/webm;codecs=vp9')).toBe('video/webm;codecs=vp8');
    expect(pickMimeType((t) => t === 'video/webm')).toBe('video/webm');
    expect(pickMimeType((t) => t === 'video/mp4')).toBe('video/mp4');
    expect(pickMimeType(() => false)).toBeNull();
    expect(
      pickMimeType(() => {
        throw new Error('unknown');
      }),
    ).toBeNull();
  });

  it('says why a browser cannot record', () => {
    expect(recordingSupport({ canvasCaptures: true })).toEqual({ ok: false, reason: 'no-recorder' });
    expect(recordingSupport({ MediaRecorder: { isTypeSupported: () => true }, canvasCaptures: false })).toEqual({ ok: false, reason: 'no-capture' });
    expect(recordingSupport({ MediaRecorder: { isTypeSupported: () => false }, canvasCaptures: true })).toEqual({ ok: false, reason: 'no-type' });
    expect(recordingSupport({ MediaRecorder: { isTypeSupported: (t) => t === 'video/mp4' }, canvasCaptures: true })).toEqual({
      ok: true,
      mimeType: 'video/mp4',
    });
  });

  it('names files after the template and format', () => {
    expect(videoFileName('city_launch', 'vertical', 'video/webm;codecs=vp9')).toBe('openride-city-launch-vertical.webm');
    expect(videoFileName('promotion', 'square', 'video/mp4')).toBe('openride-promotion-square.mp4');
    expect(posterFileName('driver_recruitment', 'landscape')).toBe('openride-driver-recruitment-landscape.png');
    expect(progressOf(3.5, 7)).toBe(0.5);
    expect(progressOf(9, 7)).toBe(1);
  });
});
