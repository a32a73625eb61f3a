import { petFacts, publicPetPath, reachMessages } from '@refugio/contracts/reach';

/*
 * The embeddable catalogue (`/embed.js`, DESIGN section 14): an organisation's own website adds
 *   <div data-refugio-catalogo></div>
 *   <script src="https://adopta.example.org/embed.js" async></script>
 * and the adoptable pets appear there, each linking to its page. It renders inside a shadow root, so the host
 * page's styles do not reach it and its own do not leak out. Options, as attributes of the element:
 * data-tipo (Perro, Gato or Conejo), data-cantidad (1-48 pets, 12 by default), data-titulo (a heading; empty: none).
 * Plain DOM and no dependencies: it must stay a few KB (scripts/size.ts holds it to 15 KiB on the wire).
 */

interface EmbedPet {
  id: number;
  nombre: string;
  edad: string;
  tipo: string;
  tamano: string;
  miniatura: string | null;
}

const MAX_PETS = 48;
const STYLE = `
:host { display: block; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #1a1b1e; }
* { box-sizing: border-box; }
h2 { font-size: 1.4rem; margin: 0 0 12px; }
ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 12px; grid-template-columns: repeat(auto-fill, minmax(160px, 1fr)); }
a.card { display: block; height: 100%; border: 1px solid #dee2e6; border-radius: 12px; overflow: hidden; background: #fff; color: inherit; text-decoration: none; }
a.card:hover { box-shadow: 0 2px 10px rgba(0, 0, 0, 0.12); }
a:focus-visible { outline: 3px solid #1864ab; outline-offset: 2px; }
.photo { display: block; width: 100%; aspect-ratio: 1; object-fit: cover; background: #e7f5ff; }
.text { display: block; padding: 8px 10px 12px; }
.name { display: block; font-weight: 700; font-size: 1.05rem; }
.facts { display: block; color: #495057; font-size: 0.9rem; margin-top: 2px; }
.more { display: inline-block; margin-top: 14px; color: #1864ab; font-weight: 600; }
.status { color: #495057; }
`;

/** Where this script was loaded from: the catalogue's server. */
const scriptUrl = (document.currentScript as HTMLScriptElement | null)?.src;
const origin = new URL(scriptUrl ?? window.location.href).origin;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: Node[]) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function petCard(pet: EmbedPet): HTMLLIElement {
  const photo = pet.miniatura
    ? element('img', { className: 'photo', src: new URL(pet.miniatura, origin).href, alt: '', loading: 'lazy', decoding: 'async' })
    : element('span', { className: 'photo' });
  const text = element(
    'span',
    { className: 'text' },
    element('span', { className: 'name', textContent: pet.nombre }),
    element('span', { className: 'facts', textContent: petFacts(pet).join(' · ') }),
  );
  return element(
    'li',
    {},
    element('a', { className: 'card', href: `${origin}${publicPetPath(pet.id)}`, target: '_blank', rel: 'noopener' }, photo, text),
  );
}

async function render(host: HTMLElement) {
  const root = host.attachShadow({ mode: 'open' });
  const title = host.dataset.titulo ?? reachMessages.embedTitle;
  const status = element('p', { className: 'status', textContent: reachMessages.embedLoading });
  status.setAttribute('role', 'status');
  const section = element('section', {}, ...(title ? [element('h2', { textContent: title })] : []), status);
  if (title) section.setAttribute('aria-label', title);
  root.append(element('style', { textContent: STYLE }), section);

  const query = new URLSearchParams({ pageSize: String(Math.min(MAX_PETS, Math.max(1, Number(host.dataset.cantidad) || 12))) });
  if (host.dataset.tipo) query.set('tipo', host.dataset.tipo);
  try {
    const response = await fetch(`${origin}/api/public/mascotas?${query}`, { credentials: 'omit', mode: 'cors' });
    if (!response.ok) throw new Error(String(response.status));
    const { items } = (await response.json()) as { items: EmbedPet[] };
    if (items.length === 0) {
      status.textContent = reachMessages.embedEmpty;
      return;
    }
    status.remove();
    section.append(
      element('ul', {}, ...items.map(petCard)),
      element('a', { className: 'more', href: `${origin}/adopta`, target: '_blank', rel: 'noopener', textContent: reachMessages.embedMore }),
    );
  } catch {
    status.textContent = reachMessages.embedError;
  }
}

function renderAll() {
  for (const host of document.querySelectorAll<HTMLElement>('[data-refugio-catalogo]')) {
    if (!host.shadowRoot) void render(host);
  }
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', renderAll, { once: true });
else renderAll();
