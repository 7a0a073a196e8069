import { COMMUNITY_CATEGORIES } from '@learnbuild/domain/schemas/community';

const NAMES = new Map<string, string>(COMMUNITY_CATEGORIES.map((category) => [category.slug, category.name]));

/** "DSA Help" for `dsa-help`; an unknown slug shows as it is. */
export function categoryName(slug: string): string {
  return NAMES.get(slug) ?? slug;
}
