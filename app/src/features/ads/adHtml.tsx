// The ad service answers HTML. It is never injected as markup: it is parsed, and only a few harmless
// elements (links, images, text) are rebuilt as React elements. Links to app paths navigate in the app,
// https links open a new tab; scripts, styles, event handlers and every other attribute are dropped.
import type { MouseEvent, ReactNode } from 'react';
import { navigate } from '../../lib/navigation';
import { imageUrl } from '../../lib/media/imageUrl';
import styles from './AdSlot.module.css';

const TEXT_TAGS = new Set(['span', 'strong', 'b', 'em', 'small', 'p', 'div']);
/** The ad markup's own class names, mapped to this module's styles. */
const CLASS_MAP: Record<string, string | undefined> = {
  'ad-banner': styles.banner,
  'ad-native': styles.native,
  'ad-popup': styles.popup,
};

function classOf(element: Element): string | undefined {
  const mapped = (element.getAttribute('class') ?? '')
    .split(/\s+/)
    .map((name) => CLASS_MAP[name])
    .filter(Boolean);
  return mapped.length > 0 ? mapped.join(' ') : undefined;
}

/** An app path ('/m/seller/12') or an https address; anything else (javascript:, data:, //host) is refused. */
export function safeHref(href: string | null): { kind: 'app' | 'external'; href: string } | null {
  if (!href) return null;
  const value = href.trim();
  if (/^\/(?![/\\])/.test(value)) return { kind: 'app', href: value };
  if (/^https:\/\//i.test(value)) return { kind: 'external', href: value };
  return null;
}

function openInApp(path: string) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(path);
  };
}

function convert(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  const children = () => Array.from(element.childNodes, (child, index) => convert(child, index));
  const className = classOf(element);
  if (tag === 'img') {
    const src = imageUrl(element.getAttribute('src'));
    return src ? <img key={key} src={src} alt={element.getAttribute('alt') ?? ''} className={className} loading="lazy" /> : null;
  }
  if (tag === 'br') return <br key={key} />;
  if (tag === 'a') {
    const link = safeHref(element.getAttribute('href'));
    if (!link)
      return (
        <span key={key} className={className}>
          {children()}
        </span>
      );
    return link.kind === 'app' ? (
      <a key={key} href={link.href} className={className} onClick={openInApp(link.href)}>
        {children()}
      </a>
    ) : (
      <a key={key} href={link.href} className={className} target="_blank" rel="noopener noreferrer sponsored">
        {children()}
      </a>
    );
  }
  if (TEXT_TAGS.has(tag)) {
    const Tag = tag as 'span';
    return (
      <Tag key={key} className={className}>
        {children()}
      </Tag>
    );
  }
  // Unknown elements disappear with their content (script, style, iframe, form ...).
  return null;
}

/** The ad's HTML as safe React elements. */
export function renderAdHtml(html: string): ReactNode {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  return Array.from(parsed.body.childNodes, (node, index) => convert(node, index));
}
