/**
 * "Take a photo" inside the native shell (Android/iOS): the device's camera through @capacitor/camera's
 * `takePhoto` (rear camera, orientation applied, not saved to the gallery), returned as a File the upload
 * sends like any other. Loaded lazily: a browser never downloads the plugin; there, the file input's
 * `capture` attribute opens the camera instead (components/ui/file-picker.tsx).
 * Null when the driver closes the camera without a photo.
 */
export async function takeNativePhoto(): Promise<File | null> {
  const { Camera, CameraDirection, EncodingType } = await import('@capacitor/camera');
  let result;
  try {
    result = await Camera.takePhoto({
      quality: 85,
      correctOrientation: true,
      saveToGallery: false,
      cameraDirection: CameraDirection.Rear,
      encodingType: EncodingType.JPEG,
    });
  } catch (error) {
    if (isCancel(error)) return null;
    throw error;
  }
  if (!result.webPath) return null;
  const blob = await (await fetch(result.webPath)).blob();
  return new File([blob], 'photo.jpg', { type: blob.type || 'image/jpeg' });
}

/** The plugin rejects with a message (and on some versions a code) when the person cancels. */
export function isCancel(error: unknown): boolean {
  const { message = '', code = '' } = (error ?? {}) as { message?: string; code?: string };
  return /cancel/i.test(message) || /cancel/i.test(String(code));
}
