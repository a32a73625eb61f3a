import { useState } from 'react';

/** The latest non-null value: a modal keeps showing its content while it closes. */
export function useLastValue<T>(value: T | null): T | null {
  const [last, setLast] = useState(value);
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
