// Profile slugs: lower-case ASCII words joined by hyphens, derived from the member's name. "undefined" and
// "null" are what a client sends when it lost a slug, so they never name a member.
const RESERVED_SLUGS = new Set(['undefined', 'null']);

export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/g, '');
  if (RESERVED_SLUGS.has(slug)) return `${slug}-member`;
  return slug || 'member';
}
