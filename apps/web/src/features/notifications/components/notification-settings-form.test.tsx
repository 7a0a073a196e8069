import type { NotificationSettings } from '@learnbuild/domain/schemas/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AxiosError, AxiosHeaders } from 'axios';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { api } from '@/lib/api-client';
import { hourLabel, NotificationSettingsForm, settableKinds } from './notification-settings-form';

const SAVED: NotificationSettings = {
  preferences: { thread_reply: 'mail', badge_earned: 'off' },
  quietHours: null,
  digestHour: 8,
};

function renderForm(admin = false, saved = SAVED) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <NotificationSettingsForm saved={saved} admin={admin} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

beforeAll(() => {
  // Radix's switch measures itself with a ResizeObserver, which jsdom lacks.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('settableKinds and hourLabel', () => {
  it("leave the admins' kinds to admins, and write an hour as a clock does", () => {
    expect(settableKinds(false)).not.toContain('admin_new_report');
    expect(settableKinds(false)).toHaveLength(10);
    expect(settableKinds(true)).toContain('admin_new_application');
    expect(settableKinds(true)).toHaveLength(12);
    expect(hourLabel(7)).toBe('07:00');
    expect(hourLabel(23)).toBe('23:00');
  });
});

describe('the notification settings form', () => {
  it('offers each kind its five channels, labelled and described, with the saved or default choice', () => {
    renderForm();
    const replies = screen.getByRole('combobox', { name: 'Replies' }) as HTMLSelectElement;
    expect(replies.value).toBe('mail');
    expect([...replies.options].map((option) => option.text)).toEqual([
      'In app',
      'Mail immediately',
      'Daily digest',
      'Weekly digest',
      'Off',
    ]);
    expect(replies.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(replies.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Someone replies to your thread or post',
    );
    expect((screen.getByRole('combobox', { name: 'Badges' }) as HTMLSelectElement).value).toBe('off');
    // Not chosen yet: the kind's default.
    expect((screen.getByRole('combobox', { name: 'Course updates' }) as HTMLSelectElement).value).toBe('daily');
    expect(screen.queryByRole('combobox', { name: 'New reports' })).toBeNull();
  });

  it("shows admins the admins' kinds", () => {
    renderForm(true);
    expect(screen.getByRole('combobox', { name: 'New instructor applications' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'New reports' })).toBeTruthy();
  });

  it('saves the channels, quiet hours and digest hour together and says so', async () => {
    const put = vi.spyOn(api, 'put').mockImplementation(async (_url, body) => ({
      data: { success: true, ...(body as NotificationSettings) },
    }));
    renderForm();
    fireEvent.change(screen.getByRole('combobox', { name: 'Replies' }), { target: { value: 'weekly' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Keep quiet hours' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '21:30' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '06:45' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Send my digests at' }), { target: { value: '18' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    const [url, body] = put.mock.calls[0]!;
    expect(url).toBe('/api/notifications/preferences');
    expect(body).toEqual({
      preferences: {
        thread_reply: 'weekly',
        answer_accepted: 'app',
        mention: 'app',
        application_decided: 'mail',
        course_update: 'daily',
        cohort_due: 'mail',
        revision_due: 'app',
        streak_warning: 'app',
        badge_earned: 'off',
        report_resolved: 'app',
      },
      quietHours: { from: '21:30', to: '06:45' },
      digestHour: 18,
    });
    expect((await screen.findByRole('status')).textContent).toBe('Your notification settings are saved.');
  });

  it('refuses quiet hours that start and end at the same time, without asking the server', () => {
    const put = vi.spyOn(api, 'put');
    renderForm(false, { ...SAVED, quietHours: { from: '22:00', to: '07:00' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '22:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(screen.getByRole('alert').textContent).toBe('Quiet hours must start and end at different times');
    expect(screen.getByLabelText('From').getAttribute('aria-invalid')).toBe('true');
    expect(put).not.toHaveBeenCalled();
  });

  it('sends null quiet hours once they are switched off', async () => {
    const put = vi.spyOn(api, 'put').mockImplementation(async (_url, body) => ({
      data: { success: true, ...(body as NotificationSettings) },
    }));
    renderForm(false, { ...SAVED, quietHours: { from: '22:00', to: '07:00' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Keep quiet hours' }));
    expect(screen.queryByLabelText('From')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect((put.mock.calls[0]![1] as NotificationSettings).quietHours).toBeNull();
  });

  it("shows the server's refusal", async () => {
    vi.spyOn(api, 'put').mockRejectedValue(
      new AxiosError('Bad Request', '400', undefined, undefined, {
        status: 400,
        statusText: 'Bad Request',
        headers: {},
        config: { headers: new AxiosHeaders() },
        data: { success: false, error: 'Unknown notification kind: admin_new_report' },
      }),
    );
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Unknown notification kind: admin_new_report');
  });
});
