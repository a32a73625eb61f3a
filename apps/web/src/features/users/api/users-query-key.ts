// The key lives with the role lookup (lib/role-lookup.ts), which every screen's permission checks read.
export { usersQueryKey } from '../../../lib/role-lookup';
