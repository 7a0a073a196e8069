import { LifeBuoy, Search } from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Markdown } from '@/components/ui/markdown';
import { PageHeader } from '@/components/ui/page-header';
import faq from '@/features/pages/content/faq.json';
import { type FaqCategory, searchFaq } from '@/features/pages/faq-search';

export function HelpPage() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const searchId = useId();
  const results = searchFaq((faq as { categories: FaqCategory[] }).categories, query);
  const count = results.reduce((total, category) => total + category.questions.length, 0);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <PageHeader title="Help Center" subtitle="Answers to the questions learners ask most." />
      <div className="relative mb-8">
        <label htmlFor={searchId} className="sr-only">
          Search the help center
        </label>
        <Search
          className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-muted"
          aria-hidden
        />
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(e) => setParams(e.target.value ? { q: e.target.value } : {}, { replace: true })}
          placeholder="Search, e.g. streak, verification code, instructor"
          className="surface w-full rounded-xl border py-3 pl-10 pr-4 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
        />
        <p className="sr-only" aria-live="polite">
          {count} answers found
        </p>
      </div>
      {results.length === 0 ? (
        <EmptyState
          icon={LifeBuoy}
          title="No answers match your search"
          action={
            <Link to="/contact" className={buttonClasses()}>
              Contact support
            </Link>
          }
        >
          Try fewer words, or write to us and we will help.
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-8">
          {results.map((category) => (
            <section key={category.id} aria-labelledby={`faq-${category.id}`}>
              <h2 id={`faq-${category.id}`} className="mb-3 text-lg font-semibold">
                {category.name}
              </h2>
              <Card className="divide-y divide-[var(--border)]">
                {category.questions.map((question) => (
                  <details key={question.id} className="group p-4" open={query.length > 0}>
                    <summary className="cursor-pointer list-none font-medium marker:hidden">
                      <span className="flex items-center justify-between gap-4">
                        {question.question}
                        <span className="text-muted transition-transform group-open:rotate-45" aria-hidden>
                          +
                        </span>
                      </span>
                    </summary>
                    <Markdown className="mt-2 text-sm text-muted">{question.answer}</Markdown>
                  </details>
                ))}
              </Card>
            </section>
          ))}
        </div>
      )}
      <p className="mt-10 text-center text-sm text-muted">
        Still stuck?{' '}
        <Link to="/contact" className="font-medium text-brand-600 hover:underline dark:text-brand-400">
          Contact us
        </Link>
      </p>
    </div>
  );
}
