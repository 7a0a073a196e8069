import { ROLES, type Role } from '@learnbuild/domain/roles';
import { REPORT_STATUSES } from '@learnbuild/domain/schemas/community';
import { DECIDABLE_STATUSES, type StoredApplicationStatus } from '@learnbuild/domain/schemas/instructor-applications';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { nextListSearch, oneOf, pageParam } from '@/lib/list-params';

export const ADMIN_TABS = ['applications', 'users', 'reports', 'audit', 'jobs'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/** 'all' (the default) shows every application, pending ones first; the others narrow the list. */
export type StatusFilter = StoredApplicationStatus | 'all';
/** The community report queue opens on the open reports. */
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export interface AdminParams {
  tab: AdminTab;
  status: StatusFilter;
  reportStatus: ReportStatus;
  role?: Role;
  q?: string;
  page: number;
}

/** Reads the panel's state from the address: a reload, a shared link or the back button keeps it. */
export function readAdminParams(params: URLSearchParams): AdminParams {
  return {
    tab: oneOf(ADMIN_TABS, params.get('tab')) ?? 'applications',
    status: oneOf(DECIDABLE_STATUSES, params.get('status')) ?? 'all',
    reportStatus: oneOf(REPORT_STATUSES, params.get('status')) ?? 'open',
    role: oneOf(ROLES, params.get('role')),
    q: params.get('q')?.trim() || undefined,
    page: pageParam(params),
  };
}

export function useAdminParams() {
  const [params, setParams] = useSearchParams();
  const current = useMemo(() => readAdminParams(params), [params]);

  /** Changes some filters; any change but the page itself starts again from page 1. */
  const update = useCallback(
    (changes: Partial<Record<'status' | 'role' | 'q' | 'page', string | undefined>>) => {
      // The address bar holds the newest params even while the router is still rendering the last change.
      setParams(nextListSearch(new URLSearchParams(window.location.search), changes), { replace: true });
    },
    [setParams],
  );

  /** Each tab starts with its own filters cleared. */
  const selectTab = useCallback((tab: AdminTab) => setParams(tab === 'applications' ? {} : { tab }), [setParams]);

  return { ...current, update, selectTab };
}
