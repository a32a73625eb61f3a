import { formatPhone } from '../../lib/format-phone';

/** A stored phone number printed for people (`formatPhone`), kept on one line: a number is never split. */
export function PhoneText({ value }: { value: string }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{formatPhone(value)}</span>;
}
