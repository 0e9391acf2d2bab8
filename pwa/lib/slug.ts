// The slug a new chain or provider gets from its name until the admin edits it: a valid slug (SLUG_PATTERN,
// contract/fields.ts) for any name with a letter or digit.

/** "base-sepolia" from "Base Sepolia!": lowercase, accents dropped, every other run of characters one hyphen. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
