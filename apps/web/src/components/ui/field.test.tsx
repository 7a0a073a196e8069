import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FieldError, TextAreaField, TextField } from './field';
import { MarkdownField } from './markdown-field';
import { SelectField } from './select-field';

afterEach(cleanup);

describe('field error lines', () => {
  it('name the error as the control’s description and mark it invalid, for every kind of field', () => {
    render(
      <form>
        <TextField label="Title" error="Enter a title" />
        <TextAreaField label="Summary" error="Keep it under 300 characters" />
        <SelectField label="Level" options={['Beginner', 'Advanced']} error="Choose a level" />
        <MarkdownField label="Body" value="" onChange={() => {}} error="Write the post" />
      </form>,
    );
    for (const [name, error] of [
      ['Title', 'Enter a title'],
      ['Summary', 'Keep it under 300 characters'],
      ['Level', 'Choose a level'],
      ['Body', 'Write the post'],
    ] as const) {
      const control = screen.getByLabelText(name);
      expect(control.getAttribute('aria-invalid')).toBe('true');
      const described = control.getAttribute('aria-describedby') ?? '';
      expect(described).not.toBe('');
      expect(document.getElementById(described)?.textContent).toBe(error);
    }
  });

  it('show nothing and describe nothing when there is no error', () => {
    const { container } = render(
      <form>
        <TextField label="Title" />
        <SelectField label="Level" options={['Beginner']} />
        <FieldError id="empty-error">{''}</FieldError>
        <FieldError id="missing-error">{undefined}</FieldError>
      </form>,
    );
    expect(screen.getByLabelText('Title').hasAttribute('aria-invalid')).toBe(false);
    expect(screen.getByLabelText('Title').hasAttribute('aria-describedby')).toBe(false);
    expect(screen.getByLabelText('Level').hasAttribute('aria-describedby')).toBe(false);
    expect(container.querySelectorAll('p')).toHaveLength(0);
  });
});
