function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * Where to go after signing in, from the `redirect` query parameter. Only same-site paths are
 * accepted: anything else (`//evil.example`, `https://...`, `/\\evil`) would make /login an open
 * redirect that a phishing link could abuse.
 */
export function getSafeRedirectPath(raw: string | null | undefined, fallback = '/'): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  // Control characters have no place in a path and some browsers strip them, turning `/\t/x` into `//x`.
  if (hasControlCharacter(raw)) return fallback;
  if (raw === '/login' || raw.startsWith('/login?') || raw.startsWith('/login/')) return fallback;
  return raw;
}

/** The /login address that brings the person back to `path` after signing in. */
export function getLoginPath(path: string): string {
  return path === '/' || path === '' ? '/login' : `/login?redirect=${encodeURIComponent(path)}`;
}
