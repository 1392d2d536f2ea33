/**
 * The native shell (Android/iOS) around the web app: `npx cap sync` copies apps/web/dist into the native
 * projects. @capacitor/cli (needed for `cap add/sync/run`) wants Node 22, so it is not a dependency of this
 * repository (Node 20); install it where native builds are made. The type below is the subset of the CLI's
 * `CapacitorConfig` used here, so this file needs nothing installed.
 *
 * CAP_SERVER_URL: the OpenRide server the app talks to (e.g. https://ride.example.com). The web app calls
 * /api and /ws on its own origin, so the native app loads the web app from that server; without it the
 * bundled files are served from the device (useful for layout work only: no API).
 *
 * Plugins used: @capacitor/push-notifications (decision 0008) and @capacitor/camera ("Take a photo" on the
 * document, insurance and vehicle uploads, lib/native-camera.ts). The camera needs, in the native projects:
 * Android `<uses-permission android:name="android.permission.CAMERA" />`; iOS `NSCameraUsageDescription`
 * ("OpenRide uses the camera to photograph your documents and your vehicle.").
 */
type CapacitorConfig = {
  appId: string;
  appName: string;
  webDir: string;
  server?: { url?: string; cleartext?: boolean; androidScheme?: string };
  plugins?: Record<string, Record<string, unknown>>;
};

const serverUrl = process.env.CAP_SERVER_URL;

const config: CapacitorConfig = {
  appId: 'org.openride.app',
  appName: 'OpenRide',
  webDir: 'apps/web/dist',
  server: serverUrl ? { url: serverUrl, cleartext: serverUrl.startsWith('http://') } : { androidScheme: 'https' },
  plugins: {
    // How a push shows while the app is in the foreground (iOS); the app also shows its own toast (§8).
    PushNotifications: { presentationOptions: ['badge', 'sound', 'alert'] },
  },
};

export default config;
