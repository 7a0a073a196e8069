import { describe, expect, it } from 'vitest';
import { FOOTER_COLUMNS } from './footer';
import { navLinks, profileMenuEntries } from './nav-entries';

const labels = (entries: { label: string; to: string }[]) => entries.map(({ label, to }) => [label, to]);

describe('where Community and the Code Editor are reached', () => {
  it("keeps the navbar to SPEC's five links, plus Dashboard when signed in", () => {
    expect(navLinks(true).map((link) => link.label)).toEqual([
      'Home',
      'Blog',
      'Courses',
      'DSA Sheet',
      'Core Subject',
      'Dashboard',
    ]);
    expect(navLinks(false).map((link) => link.label)).not.toContain('Community');
  });

  it('puts both in the profile menu (and so the phone menu) of every role, after Profile Settings', () => {
    const shared = [
      ['Profile Settings', '/profile'],
      ['Community', '/community'],
      ['Code Editor', '/code-editor'],
    ];
    expect(labels(profileMenuEntries('Student'))).toEqual(shared);
    expect(labels(profileMenuEntries('pending_instructor'))).toEqual(shared);
    expect(labels(profileMenuEntries('Instructor'))).toEqual([...shared, ['Instructor Panel', '/instructor-panel']]);
    expect(labels(profileMenuEntries('Admin'))).toEqual([
      ...shared,
      ['Admin Panel', '/admin'],
      ['DSA Management', '/dsa-management'],
    ]);
  });

  it('links both from the footer', () => {
    const links = FOOTER_COLUMNS.flatMap((column) => column.links.map((link) => [link.label, link.to]));
    expect(links).toContainEqual(['Community', '/community']);
    expect(links).toContainEqual(['Code Editor', '/code-editor']);
  });
});
