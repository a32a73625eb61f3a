/**
 * A sidebar submenu counts as open when the current path starts with one of its active sub-paths
 * (SPEC section 2). Empty sub-paths are ignored: every path starts with '', so one would pin the
 * submenu open everywhere.
 */
export function isSubmenuOpen(pathname: string, activeSubPaths: readonly string[]): boolean {
  return activeSubPaths.some((subPath) => subPath !== '' && pathname.startsWith(subPath));
}

/**
 * Whether a sidebar entry is the current one: its own page, a page below it, or one of the pages that
 * belong to it (its active sub-paths). '/' only matches itself, or it would match everything.
 */
export function isNavEntryActive(pathname: string, entry: { to: string; activeSubPaths?: readonly string[] | undefined }): boolean {
  if (pathname === entry.to) return true;
  if (entry.to !== '/' && pathname.startsWith(`${entry.to}/`)) return true;
  return isSubmenuOpen(pathname, entry.activeSubPaths ?? []);
}
