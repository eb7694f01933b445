/** A navigation entry to `to` is the current one at `pathname` (itself or a page below it). */
export function isActivePath(pathname: string, to: string): boolean {
  if (to === '/') return pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}
