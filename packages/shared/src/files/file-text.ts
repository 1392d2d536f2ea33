/** The words of the upload control (components/ui/file-picker.tsx) and of lib/upload.ts. */
export const fileText = {
  choose: 'Choose a file',
  takePhoto: 'Take a photo',
  cameraFailed: "Couldn't open the camera. Choose a file instead.",
  replace: 'Choose another file',
  uploading: (percent: number) => `Uploading… ${percent}%`,
  uploaded: 'Uploaded',
  hint: 'JPEG, PNG, WebP or PDF, up to {size}.',
  tooLarge: (limit: string) => `This file is too large. Choose one up to ${limit}.`,
  failed: 'The upload failed. Check your connection and try again.',
} as const;
