import {
  APPLICATION_LINKS_MAX,
  type ApplyInstructorInput,
  applyInstructorBodySchema,
} from '@learnbuild/domain/schemas/instructor-applications';
import { z } from 'zod';

/** What the form holds: free text, as typed. Blank fields are not sent. */
export interface ApplicationFormValues {
  bio: string;
  expertise: string;
  yearsOfExperience: string;
  links: string[];
}

export const emptyApplicationForm = (): ApplicationFormValues => ({
  bio: '',
  expertise: '',
  yearsOfExperience: '',
  links: Array.from({ length: APPLICATION_LINKS_MAX }, () => ''),
});

/** Areas are typed as one comma-separated line: "React, SQL, System design". */
export function splitExpertise(text: string): string[] {
  return text
    .split(',')
    .map((area) => area.trim())
    .filter(Boolean);
}

/**
 * The form's values become the request body, which the domain's body schema (the one the API
 * applies) checks. Its complaints are put back on the field the user typed in: a bad second link is
 * marked on the second link even when the first was left blank.
 */
export const applicationFormSchema = z
  .object({
    bio: z.string(),
    expertise: z.string(),
    yearsOfExperience: z.string(),
    links: z.array(z.string()),
  })
  .transform((values, context): ApplyInstructorInput => {
    const bio = values.bio.trim();
    const expertise = splitExpertise(values.expertise);
    const years = values.yearsOfExperience.trim();
    const linkPositions = values.links.flatMap((link, position) => (link.trim() ? [position] : []));
    const body = {
      ...(bio ? { bio } : {}),
      ...(expertise.length ? { expertise } : {}),
      ...(years ? { yearsOfExperience: Number(years) } : {}),
      ...(linkPositions.length ? { links: linkPositions.map((position) => values.links[position]!.trim()) } : {}),
    };
    const checked = applyInstructorBodySchema.safeParse(body);
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues) {
      const [field, index] = issue.path;
      const path =
        field === 'links' && typeof index === 'number' ? ['links', linkPositions[index]!] : [String(field ?? 'bio')];
      context.addIssue({ code: 'custom', message: issue.message, path });
    }
    return z.NEVER;
  });
