import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { TagsInput } from './tags-input';

afterEach(cleanup);

function Harness({ hashTags = false }: { hashTags?: boolean }) {
  const [tags, setTags] = useState<string[]>([]);
  return (
    <TagsInput
      value={tags}
      onChange={setTags}
      maxTags={3}
      maxTagLength={20}
      placeholder="Type a tag"
      hint="Up to 3 tags."
      hashTags={hashTags}
    />
  );
}

const addedTags = () => screen.getAllByRole('listitem').map((item) => item.textContent);

describe('TagsInput', () => {
  it('adds tags on a comma or Enter, lower case, without repeats, up to the limit', () => {
    render(<Harness />);
    const box = screen.getByRole('textbox', { name: 'Tags' });
    fireEvent.change(box, { target: { value: 'SQL, sql, postgres,' } });
    fireEvent.change(box, { target: { value: 'joins' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(addedTags()).toEqual(['sql', 'postgres', 'joins']);
    expect(screen.getByText('Up to 3 tags. 3 of 3 used.')).toBeTruthy();
    expect(box).toHaveProperty('disabled', true);
  });

  it('removes a tag by its button, and the last one with Backspace in the empty box', () => {
    render(<Harness />);
    const box = screen.getByRole('textbox', { name: 'Tags' });
    fireEvent.change(box, { target: { value: 'a,b,c,' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove tag b' }));
    fireEvent.keyDown(box, { key: 'Backspace' });
    expect(addedTags()).toEqual(['a']);
  });

  it('with hashTags, drops a typed leading # and shows each tag as #tag', () => {
    render(<Harness hashTags />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Tags' }), { target: { value: '#DSA,' } });
    expect(addedTags()).toEqual(['#dsa']);
    expect(screen.getByRole('button', { name: 'Remove tag dsa' })).toBeTruthy();
  });
});
