import { RECOVERY_CODE_COUNT, TOTP_DIGITS } from '@openride/shared/admin/two-factor';
import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/**
 * The cryptography of staff two-factor sign-in (decision 0090), with no database: TOTP by otplib (RFC 6238,
 * SHA-1, 6 digits, 30 seconds: what every authenticator app reads from a QR code), the secret encrypted at
 * rest, recovery codes hashed under a key. Both keys come from the server's one-time-code key, itself derived
 * from the auth secret: a copy of the database alone opens neither.
 */

/** Seconds of clock difference accepted either way: the code before and the code after the current one. */
const TOLERANCE_SECONDS = 30;

const secretKey = (otpKey: Buffer) => createHmac('sha256', otpKey).update('openride:staff-totp-secret:v1').digest();
const recoveryKey = (otpKey: Buffer) => createHmac('sha256', otpKey).update('openride:staff-recovery-code:v1').digest();

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32 as the apps take it. */
export const newTotpSecret = () => generateSecret({ length: 20 });

/** The otpauth:// address an authenticator app reads from the QR code. */
export const otpauthUri = (secret: string, issuer: string, account: string) => generateURI({ issuer, label: account, secret });

/** The address as a QR code: an SVG as a data: URL (the page shows it as an image). */
export async function qrCodeDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** AES-256-GCM under the derived key: `v1.<iv>.<tag>.<ciphertext>`, base64url. */
export function encryptSecret(otpKey: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretKey(otpKey), iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** The secret back; null when it cannot be read (the auth secret changed: the staff member is reset and enrols again). */
export function decryptSecret(otpKey: Buffer, stored: string): string | null {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', secretKey(otpKey), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** What was typed, without spaces and dashes, lower case. */
const compact = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

/** Which kind of code a person typed: 6 digits from the app, 10 letters and digits of a recovery code, or neither. */
export function codeKind(code: string): 'totp' | 'recovery' | null {
  const c = compact(code);
  if (new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(c)) return 'totp';
  if (/^[a-z2-7]{10}$/.test(c)) return 'recovery';
  return null;
}

/**
 * Checks a code from the app against the secret: the current one, or the one before or after. A code of a time
 * step at or before `afterStep` (the last one accepted) is refused, so a code seen over a shoulder or replayed
 * does not work twice. The accepted time step, or null.
 */
export async function checkTotp(secret: string, code: string, afterStep: number | null, epoch = Math.floor(Date.now() / 1000)): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token: compact(code),
      epoch,
      epochTolerance: TOLERANCE_SECONDS,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // A malformed token or secret: not a valid code.
    return null;
  }
}

const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** RECOVERY_CODE_COUNT new codes, `abcde-fgh23` (50 random bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** The stored form of a recovery code: HMAC-SHA256 under the derived key, of the code as typed without dashes. */
export const hashRecoveryCode = (otpKey: Buffer, code: string) => createHmac('sha256', recoveryKey(otpKey)).update(compact(code)).digest('hex');
