import { describe, expect, it } from 'vitest';
import {
  type ApplicationFormValues,
  applicationFormSchema,
  emptyApplicationForm,
  splitExpertise,
} from './application-form';

const form = (changes: Partial<ApplicationFormValues>): ApplicationFormValues => ({
  ...emptyApplicationForm(),
  ...changes,
});

function issues(values: ApplicationFormValues) {
  const result = applicationFormSchema.safeParse(values);
  if (result.success) return [];
  return result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('the application form', () => {
  it('offers three empty link fields and sends an empty body when nothing is typed (SPEC 7: no body needed)', () => {
    expect(emptyApplicationForm().links).toEqual(['', '', '']);
    expect(applicationFormSchema.parse(emptyApplicationForm())).toEqual({});
  });

  it('turns typed values into the request body: trimmed bio, comma-separated areas, a number, the links given', () => {
    const body = applicationFormSchema.parse(
      form({
        bio: '  I teach databases. ',
        expertise: 'SQL, , Postgres ,Indexing,',
        yearsOfExperience: ' 7 ',
        links: ['', 'https://github.com/ada', ' http://ada.dev '],
      }),
    );
    expect(body).toEqual({
      bio: 'I teach databases.',
      expertise: ['SQL', 'Postgres', 'Indexing'],
      yearsOfExperience: 7,
      links: ['https://github.com/ada', 'http://ada.dev'],
    });
  });

  it('marks a bad link on the field it was typed in, even after a blank one', () => {
    expect(issues(form({ links: ['', 'https://ok.example', 'ftp://files.example'] }))).toEqual([
      ['links.2', 'Links must start with http:// or https://'],
    ]);
    expect(issues(form({ links: ['javascript:alert(1)', '', ''] }))).toEqual([
      ['links.0', 'Links must start with http:// or https://'],
    ]);
  });

  it("refuses years that are not a whole number from 0 to 60 with the domain schema's words", () => {
    expect(issues(form({ yearsOfExperience: '2.5' }))).toEqual([
      ['yearsOfExperience', 'Years of experience must be a whole number'],
    ]);
    expect(issues(form({ yearsOfExperience: '-1' }))).toEqual([
      ['yearsOfExperience', 'Years of experience cannot be negative'],
    ]);
    expect(issues(form({ yearsOfExperience: '61' }))).toEqual([
      ['yearsOfExperience', 'Years of experience must be at most 60'],
    ]);
    expect(issues(form({ yearsOfExperience: 'abc' }))[0]?.[0]).toBe('yearsOfExperience');
  });

  it('puts a too-long area or too many areas on the expertise field', () => {
    expect(issues(form({ expertise: 'x'.repeat(61) }))).toEqual([
      ['expertise', 'Each area must be at most 60 characters'],
    ]);
    expect(issues(form({ expertise: Array.from({ length: 11 }, (_, i) => `area ${i}`).join(',') }))).toEqual([
      ['expertise', 'List at most 10 areas of expertise'],
    ]);
  });

  it('refuses a bio over 2000 characters', () => {
    expect(issues(form({ bio: 'b'.repeat(2001) }))).toEqual([['bio', 'Bio must be at most 2000 characters']]);
  });

  it('splits areas on commas and drops blanks', () => {
    expect(splitExpertise(' a ,b,, c ')).toEqual(['a', 'b', 'c']);
    expect(splitExpertise('   ')).toEqual([]);
  });
});
