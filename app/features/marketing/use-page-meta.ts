import { useEffect } from "react";
import type { SeoPage } from "../../seo/pages";

function setContent(selector: string, value: string) {
  document.head.querySelector<HTMLMetaElement>(selector)?.setAttribute("content", value);
}

/**
 * Keeps the head in step with the page on in-app navigation. The served HTML already carries the right
 * tags for the first page (scripts/seo); the canonical origin is kept from the served canonical link.
 */
export function usePageMeta(page: SeoPage) {
  useEffect(() => {
    document.title = page.title;
    setContent('meta[name="description"]', page.description);
    setContent('meta[property="og:title"]', page.title);
    setContent('meta[property="og:description"]', page.description);
    setContent('meta[property="og:type"]', page.ogType);
    const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (canonical) {
      canonical.href = new URL(page.path, canonical.href).href;
      setContent('meta[property="og:url"]', canonical.href);
    }
  }, [page]);
}
