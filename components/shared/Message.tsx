/**
 * A catalog message with elements in its placeholders (a link, a server's name): the sentence
 * stays whole in the catalog, in the order its language needs, and the code puts each element
 * where its `{placeholder}` stands (docs/i18n.md, "A sentence with elements in it").
 */
import type { ComponentChildren } from 'preact';
import { messageParts, type PlaceholderOf, type SimpleKey } from '@/lib/i18n';

export function Message<K extends SimpleKey>({ id, values }: { id: K; values: Record<PlaceholderOf<K>, ComponentChildren> }) {
  const slots = values as Record<string, ComponentChildren>;
  return <>{messageParts(id).map((part, index) => (index % 2 === 1 ? slots[part] : part))}</>;
}
