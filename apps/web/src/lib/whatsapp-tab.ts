/** A tab for click-to-chat: opened blank inside the click, then sent to WhatsApp or closed. */
export interface WhatsappTab {
  /** Sends the tab to the `https://wa.me/...` address (a new tab when the browser refused the blank one). */
  go(url: string): void;
  /** Closes it (the message was not kept, or there is nothing to open). */
  close(): void;
}

/**
 * Click-to-chat: the tab is opened at once, inside the click, so that no pop-up blocker stops it, and sent to the
 * `https://wa.me/...` address once the server has kept the message; if the call fails, it is closed.
 */
export function openWhatsappTab(): WhatsappTab {
  const tab = window.open('about:blank', '_blank');
  if (tab) tab.opener = null;
  return {
    go(url) {
      if (tab) tab.location.href = url;
      else window.open(url, '_blank', 'noopener');
    },
    close() {
      tab?.close();
    },
  };
}
