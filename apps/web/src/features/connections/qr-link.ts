/** Where a scanned or pasted QR link leads in the app, or undefined when it is not one. */
export function qrLinkTarget(input: string): string | undefined {
  const text = input.trim();
  if (!text) return undefined;
  // A bare token, as the API hands it out.
  if (/^[A-Za-z0-9_-]{8,200}$/.test(text)) return `/connections/accept/${text}?qr=1`;
  let url: URL;
  try {
    url = new URL(text, 'https://memoria.invalid');
  } catch {
    return undefined;
  }
  const match = /^(?:\/p)?\/connections\/accept\/([A-Za-z0-9_-]{8,200})\/?$/.exec(url.pathname);
  if (!match) return undefined;
  const params = new URLSearchParams(url.search);
  if (!params.has('qr')) params.set('qr', '1');
  return `/connections/accept/${match[1]}?${params.toString()}`;
}
