/** Up to two letters for an avatar: name and lastname, or the first letter of `fallback` (an e-mail). */
export function getInitials(name: string, lastname: string, fallback = ''): string {
  const initials = `${name.trim().charAt(0)}${lastname.trim().charAt(0)}`;
  return (initials || fallback.trim().charAt(0)).toUpperCase();
}
