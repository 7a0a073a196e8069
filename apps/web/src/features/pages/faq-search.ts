export interface FaqQuestion {
  id: string;
  question: string;
  answer: string;
}
export interface FaqCategory {
  id: string;
  name: string;
  questions: FaqQuestion[];
}

/** Keeps the questions whose text holds every word of the query (case-insensitive). */
export function searchFaq(categories: FaqCategory[], query: string): FaqCategory[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return categories;
  return categories
    .map((category) => ({
      ...category,
      questions: category.questions.filter((q) => {
        const text = `${category.name} ${q.question} ${q.answer}`.toLowerCase();
        return words.every((word) => text.includes(word));
      }),
    }))
    .filter((category) => category.questions.length > 0);
}
