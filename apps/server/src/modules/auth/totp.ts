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

/** One step of clock drift either way is tolerated (30 s), as authenticator apps expect. */
export async function checkTotp(secret: string, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  try {
    const result = await verify({ secret, token: code, epochTolerance: 30 });
    return result.valid;
  } catch {
    return false;
  }
}
