/**
 * `/adopta?embed=1`: the catalogue inside another website's iframe (the server lets any site frame it, and only
 * it). A pet's page and its adoption form need more room than a frame gives, so links to a pet open in a new tab
 * instead of navigating inside the frame; the page is marked `data-embed` for its styles.
 */
export function startEmbedMode(): void {
  if (new URLSearchParams(window.location.search).get('embed') !== '1') return;
  document.documentElement.dataset.embed = '1';
  // Capture phase on the document: before the pages' own click handlers, which would navigate in place.
  document.addEventListener(
    'click',
    (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin || !link.pathname.startsWith('/adopta/')) return;
      event.preventDefault();
      event.stopPropagation();
      window.open(link.href, '_blank', 'noopener');
    },
    true,
  );
}
