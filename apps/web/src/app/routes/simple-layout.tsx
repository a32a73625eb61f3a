import { FadeOutlet } from '../layout/fade-outlet';

/** The simple layout: no header, sidebar, side overlay or footer; the screen owns the whole page. */
function SimpleLayout() {
  return <FadeOutlet />;
}

export { SimpleLayout as Component };
