import type { User } from '@refugio/contracts';

/** "Nombre Apellido", or the e-mail for an account without a name. */
export function getFullName(user: Pick<User, 'name' | 'lastname' | 'mail'>): string {
  return `${user.name.trim()} ${user.lastname.trim()}`.trim() || user.mail;
}

/** SPEC 3: the current user is matched to the user list by comparing the session e-mail with `mail`. */
export function isCurrentUser(user: Pick<User, 'mail'>, sessionEmail: string): boolean {
  return sessionEmail !== '' && user.mail.trim().toLowerCase() === sessionEmail.trim().toLowerCase();
}
