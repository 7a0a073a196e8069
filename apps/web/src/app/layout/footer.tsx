import { AtSign, Briefcase, Code2, PlaySquare } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from './logo';

/** SPEC 2 footer: Courses; Company; Support; social links. */
export const FOOTER_COLUMNS = [
  {
    title: 'Courses',
    links: [
      { label: 'All Courses', to: '/courses' },
      { label: 'DSA Sheet', to: '/dsa-sheet' },
      { label: 'Core Subjects', to: '/core-subjects' },
      { label: 'Code Editor', to: '/code-editor' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About Us', to: '/about' },
      { label: 'Contact', to: '/contact' },
      { label: 'Careers', to: '/careers' },
      { label: 'Blog', to: '/blog' },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Help Center', to: '/help' },
      { label: 'Community', to: '/community' },
      { label: 'Privacy Policy', to: '/privacy' },
      { label: 'Terms of Service', to: '/terms' },
    ],
  },
] as const;

const SOCIAL = [
  { label: 'LearnBuild on YouTube', href: 'https://www.youtube.com/@learnbuild', icon: PlaySquare },
  { label: 'LearnBuild on GitHub', href: 'https://github.com/learnbuild', icon: Code2 },
  { label: 'LearnBuild on X', href: 'https://x.com/learnbuild', icon: AtSign },
  { label: 'LearnBuild on LinkedIn', href: 'https://www.linkedin.com/company/learnbuild', icon: Briefcase },
];

export function Footer() {
  return (
    <footer className="surface mt-16 border-t" data-testid="footer">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <Logo />
          <p className="mt-3 max-w-xs text-sm text-muted">
            Learn, build, earn. Practice DSA, master CS fundamentals and learn from instructors who build.
          </p>
          <ul className="mt-4 flex gap-2" aria-label="Social links">
            {SOCIAL.map(({ label, href, icon: Icon }) => (
              <li key={href}>
                <a
                  href={href}
                  target="_blank"
                  rel="noreferrer noopener"
                  aria-label={label}
                  className="inline-flex rounded-lg p-2 text-muted hover:bg-muted"
                >
                  <Icon className="h-5 w-5" aria-hidden />
                </a>
              </li>
            ))}
          </ul>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold">{column.title}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-sm text-muted hover:text-brand-600 dark:hover:text-brand-400">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-default py-5 text-center text-xs text-muted">
        © {new Date().getFullYear()} LearnBuild. All rights reserved.
      </div>
    </footer>
  );
}
