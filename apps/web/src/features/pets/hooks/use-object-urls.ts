import { useCallback, useEffect, useState } from 'react';

/**
 * Preview URLs for chosen files. They are created in event handlers (never during render) and revoked when
 * the file leaves the queue or the screen unmounts, so previews never leak memory.
 */
export function useObjectUrls() {
  const [urls] = useState(() => new Set<string>());

  useEffect(
    () => () => {
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    },
    [urls],
  );

  const create = useCallback(
    (file: File) => {
      const url = URL.createObjectURL(file);
      urls.add(url);
      return url;
    },
    [urls],
  );

  const revoke = useCallback(
    (url: string) => {
      if (urls.delete(url)) URL.revokeObjectURL(url);
    },
    [urls],
  );

  return { create, revoke };
}
