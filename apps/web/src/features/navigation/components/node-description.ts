import { resolveNavigationLink, type NavigationNode } from '@dihs/contract/navigation';

/** A short German description of a node: menu, page address, or link target; with "inaktiv" and "neu". */
export function nodeDescription(node: NavigationNode): string {
  if (node.type === 'menue') return node.toCreate ? 'Menü · neu' : 'Menü';
  const parts: string[] = [];
  if (node.urlDto) {
    const { href, external } = resolveNavigationLink(node.urlDto);
    parts.push(external ? `extern: ${href}` : href);
  }
  if (node.aktiv === false) parts.push('inaktiv');
  if (node.urlDto?.statisch) parts.push('statisch');
  if (node.toCreate) parts.push('neu');
  return parts.join(' · ');
}
