import { beforeEach, describe, expect, it, vi } from 'vitest';

// The Capacitor camera plugin is the boundary to the phone's camera, which does not exist here: a fake plugin
// stands in for the device. What we do with its answer is the real code.
const device = vi.hoisted(() => ({ answer: undefined as unknown, error: undefined as unknown, options: [] as unknown[] }));
vi.mock('@capacitor/camera', () => ({
  CameraDirection: { Rear: 'REAR', Front: 'FRONT' },
  EncodingType: { JPEG: 0, PNG: 1 },
  Camera: {
    takePhoto: async (options: unknown) => {
      device.options.push(options);
      if (device.error) throw device.error;
      return device.answer;
    },
  },
}));

const { takeNativePhoto, isCancel } = await import('./native-camera');

// A 1×1 JPEG's first bytes are enough: the server decides the type by them, we only pass them on.
const JPEG_BYTES = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);

beforeEach(() => {
  device.answer = undefined;
  device.error = undefined;
  device.options = [];
});

describe('takeNativePhoto (the native shell’s camera)', () => {
  it('asks the rear camera for a JPEG not saved to the gallery, and returns the photo as a File with its bytes', async () => {
    device.answer = { type: 'PHOTO', saved: false, webPath: `data:image/jpeg;base64,${JPEG_BYTES.toString('base64')}` };
    const file = await takeNativePhoto();
    expect(device.options).toEqual([{ quality: 85, correctOrientation: true, saveToGallery: false, cameraDirection: 'REAR', encodingType: 0 }]);
    expect(file).toBeInstanceOf(File);
    expect(file!.type).toBe('image/jpeg');
    expect(Buffer.from(await file!.arrayBuffer())).toEqual(JPEG_BYTES);
  });

  it('returns null when the person closes the camera, and rethrows any other failure', async () => {
    device.error = new Error('User cancelled photos app');
    expect(await takeNativePhoto()).toBeNull();
    device.error = new Error('Camera permission denied');
    await expect(takeNativePhoto()).rejects.toThrow('Camera permission denied');
  });

  it('returns null when the plugin gives no path to read', async () => {
    device.answer = { type: 'PHOTO', saved: false };
    expect(await takeNativePhoto()).toBeNull();
  });

  it('tells a cancel from a failure', () => {
    expect(isCancel(new Error('User cancelled photos app'))).toBe(true);
    expect(isCancel({ code: 'CANCELLED' })).toBe(true);
    expect(isCancel(new Error('No camera available'))).toBe(false);
    expect(isCancel(undefined)).toBe(false);
  });
});
