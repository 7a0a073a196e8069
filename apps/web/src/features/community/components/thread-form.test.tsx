import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AxiosError, type AxiosResponse } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThreadForm, type ThreadValues } from './thread-form';

afterEach(cleanup);

const EMPTY: ThreadValues = { title: '', category: 'general', tags: [], body: '' };

function renderForm(onSubmit = vi.fn(async () => undefined), initial = EMPTY) {
  render(
    <ThreadForm
      initial={initial}
      submitLabel="Post thread"
      busyLabel="Posting..."
      onSubmit={onSubmit}
      onCancel={vi.fn()}
    />,
  );
  return onSubmit;
}

const type = (name: string | RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });

describe('ThreadForm', () => {
  it('checks the thread with the server schema: says what is missing and focuses the title', async () => {
    const onSubmit = renderForm();
    type('Title', 'Short');
    fireEvent.click(screen.getByRole('button', { name: 'Post thread' }));
    expect(await screen.findByText('Title must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText('Write something first')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Title' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('adds tags on a comma, keeps them lower case without repeats, and counts a half-typed one on submit', async () => {
    const onSubmit = renderForm();
    type('Title', 'How do I find cycles in a graph?');
    type(/^Tags/, 'Graphs, DFS, graphs,');
    type(/^Tags/, 'cycles');
    type('Body', 'Directed graph, **colours**?');
    fireEvent.change(screen.getByRole('combobox', { name: 'Category' }), { target: { value: 'dsa-help' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post thread' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({
      title: 'How do I find cycles in a graph?',
      category: 'dsa-help',
      tags: ['graphs', 'dfs', 'cycles'],
      body: 'Directed graph, **colours**?',
      containsSolution: false,
    });
  });

  it('shows the preview through the safe renderer, and the server refusal beside the field it names', async () => {
    const refusal = new AxiosError('Bad Request', '400', undefined, undefined, {
      status: 400,
      data: {
        success: false,
        error: 'Title must be at most 150 characters',
        details: [{ path: 'title', message: 'Title must be at most 150 characters' }],
      },
    } as AxiosResponse);
    renderForm(vi.fn(async () => Promise.reject(refusal)));
    type('Title', 'A title long enough');
    type('Body', '<img src=x onerror="alert(1)"> and **bold**');
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = screen.getByTestId('markdown-preview');
    expect(preview.querySelector('img')).toBeNull();
    expect(preview.querySelector('strong')?.textContent).toBe('bold');
    fireEvent.click(screen.getByRole('button', { name: 'Post thread' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getAllByText('Title must be at most 150 characters')).toHaveLength(2);
  });
});
