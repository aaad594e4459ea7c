import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Markdown from 'react-markdown';

const rendered = new Map<string, string>();
const KEPT = 500;

/**
 * Catalogue Markdown (a product's long description, written in the back office) as HTML, made on the
 * server so the page ships no Markdown parser. raw HTML in it is left out (skipHtml), so what an owner types
 * cannot become script. Kept per text: the same few descriptions are rendered again and again.
 */
export function markdownHtml(text: string): string {
  let html = rendered.get(text);
  if (html === undefined) {
    html = renderToStaticMarkup(createElement(Markdown, { skipHtml: true, components: { h1: 'h3', h2: 'h3' } }, text));
    if (rendered.size >= KEPT) rendered.delete(rendered.keys().next().value!);
    rendered.set(text, html);
  }
  return html;
}
