import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

const ISSUER = 'Memoria';

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(secret: string, usermail: string): string {
  return generateURI({ issuer: ISSUER, label: usermail, secret });
}

export function qrDataUrl(uri: string): Promise<string> {
  return QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
}

/**
 * The time step the code belongs to, or null when it is wrong. One step of clock drift
 * either way is tolerated (30 s), as authenticator apps expect.
 */
export async function totpStep(secret: string, code: string): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const result = await verify({ secret, token: code, epochTolerance: 30 });
    if (!result.valid) return null;
    return 'timeStep' in result && typeof result.timeStep === 'number'
      ? result.timeStep
      : Math.floor(Date.now() / 30_000) + ('delta' in result ? Number(result.delta) : 0);
  } catch {
    return null;
  }
}

export async function checkTotp(secret: string, code: string): Promise<boolean> {
  return (await totpStep(secret, code)) !== null;
}
